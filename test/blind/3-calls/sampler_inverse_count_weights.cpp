// scenario: builds per-sample weights for class-balanced sampling as the reciprocal of bincount label counts, then draws balanced minibatches
// tier: 3
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: result type Float can't be cast to the desired output type Long
#include <torch/torch.h>
#include <iostream>
#include <vector>

struct LabeledSet {
  torch::Tensor inputs;
  torch::Tensor labels;
};

LabeledSet loadSet(int64_t n, int64_t dim, int64_t num_classes) {
  auto labels = torch::randint(0, num_classes, {n});
  labels.masked_fill_(torch::rand({n}) < 0.6, 0);
  auto inputs = torch::randn({n, dim});
  return {inputs, labels};
}

torch::Tensor balancedSampleWeights(const torch::Tensor& labels, int64_t num_classes) {
  auto counts = torch::bincount(labels, {}, num_classes);
  auto per_class = 1.0 / counts; // BUG
  return per_class.index_select(0, labels);
}

std::vector<torch::Tensor> drawBatches(const torch::Tensor& weights, int64_t batch_size, int64_t num_batches) {
  std::vector<torch::Tensor> batches;
  for (int64_t b = 0; b < num_batches; ++b)
    batches.push_back(torch::multinomial(weights, batch_size, true));
  return batches;
}

int main() {
  torch::manual_seed(9);
  const int64_t num_classes = 5;
  auto set = loadSet(400, 6, num_classes);

  auto weights = balancedSampleWeights(set.labels, num_classes);
  auto batches = drawBatches(weights, 32, 10);

  auto seen = torch::zeros({num_classes}, torch::kLong);
  for (const auto& idx : batches)
    seen += torch::bincount(set.labels.index_select(0, idx), {}, num_classes);
  std::cout << "class histogram over sampled batches: " << seen << "\n";
  return 0;
}
