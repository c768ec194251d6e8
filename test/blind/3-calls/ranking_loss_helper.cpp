// scenario: trains a click model whose labels are derived from dwell time by a helper that returns integer labels
// tier: 3
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Found dtype Long but expected Float
#include <torch/torch.h>
#include <iostream>

namespace {

constexpr double kDwellThresholdSec = 10.0;

// A click counts as satisfied when the user stayed long enough.
torch::Tensor make_click_labels(const torch::Tensor& dwell_seconds) {
  return dwell_seconds.gt(kDwellThresholdSec).to(torch::kLong);
}

torch::Tensor label_rate(const torch::Tensor& labels) {
  return labels.sum().to(torch::kDouble) / static_cast<double>(labels.numel());
}

torch::Tensor click_loss(const torch::Tensor& logits, const torch::Tensor& labels) {
  auto probs = torch::sigmoid(logits);
  return torch::binary_cross_entropy(probs, labels); // BUG
}

struct Batch {
  torch::Tensor features;
  torch::Tensor dwell;
};

Batch synth_batch(int64_t n, int64_t dim) {
  return {torch::randn({n, dim}), torch::rand({n}) * 40.0};
}

} // namespace

int main() {
  torch::manual_seed(37);
  const int64_t dim = 16;
  torch::nn::Linear scorer(dim, 1);
  torch::optim::SGD optimizer(scorer->parameters(), torch::optim::SGDOptions(0.05));

  for (int epoch = 0; epoch < 2; ++epoch) {
    auto batch = synth_batch(64, dim);
    auto labels = make_click_labels(batch.dwell);
    if (label_rate(labels).item<double>() == 0.0) {
      std::cout << "no positives, skipping\n";
      continue;
    }
    auto logits = scorer->forward(batch.features).squeeze(1);
    auto loss = click_loss(logits, labels);
    optimizer.zero_grad();
    loss.backward();
    optimizer.step();
    std::cout << "epoch " << epoch << " loss " << loss.item<float>() << "\n";
  }
  return 0;
}
