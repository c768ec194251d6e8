// scenario: streaming class histogram adds per-sample contributions with index_add_; the unweighted path adds ones_like(labels)
// tier: 2
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: index_add_(): self (Float) and source (Long) must have the same scalar type
#include <torch/torch.h>

#include <iostream>
#include <optional>
#include <vector>

struct Batch {
  torch::Tensor labels;                 // int64 class ids
  std::optional<torch::Tensor> weights; // float per-sample weights, if any
};

static std::vector<Batch> makeStream(int64_t num_classes) {
  std::vector<Batch> stream;
  for (int i = 0; i < 5; ++i) {
    Batch b;
    b.labels = torch::randint(0, num_classes, {32}, torch::kLong);
    if (i % 2 == 0)
      b.weights = torch::rand({32});
    stream.push_back(b);
  }
  return stream;
}

int main() {
  torch::manual_seed(11);
  const int64_t num_classes = 7;
  // Float so that weighted counts and the final frequencies fit in one buffer.
  torch::Tensor counts = torch::zeros({num_classes});

  for (const Batch &b : makeStream(num_classes)) {
    torch::Tensor contribution;
    if (b.weights) {
      contribution = *b.weights;
    } else {
      contribution = torch::ones_like(b.labels);
    }
    counts.index_add_(0, b.labels, contribution); // BUG
  }

  torch::Tensor freq = counts / counts.sum();
  std::cout << "class frequencies: " << freq << "\n";
  std::cout << "rarest class: " << freq.argmin().item<int64_t>() << "\n";
  return 0;
}
