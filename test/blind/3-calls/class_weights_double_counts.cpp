// scenario: trains an imbalanced classifier with inverse-frequency class weights that a helper computes in float64 from label counts
// tier: 3
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Float but found Double
#include <torch/torch.h>
#include <iostream>

namespace F = torch::nn::functional;

torch::Tensor inverseFrequencyWeights(const torch::Tensor& labels, int64_t num_classes) {
  auto counts = torch::bincount(labels, {}, num_classes).to(torch::kFloat64);
  auto weights = counts.sum() / counts.clamp_min(1.0);
  return weights / weights.mean();
}

torch::Tensor makeImbalancedLabels(int64_t n, int64_t num_classes) {
  auto u = torch::rand({n});
  auto labels = (u.pow(3) * num_classes).floor().to(torch::kLong);
  return labels.clamp_max(num_classes - 1);
}

double trainEpoch(torch::nn::Sequential& model, torch::optim::Optimizer& optimizer,
                  const torch::Tensor& features, const torch::Tensor& labels,
                  const torch::Tensor& class_weights, int64_t batch_size) {
  double total = 0.0;
  int64_t batches = 0;
  for (int64_t start = 0; start < features.size(0); start += batch_size) {
    auto x = features.narrow(0, start, std::min(batch_size, features.size(0) - start));
    auto y = labels.narrow(0, start, x.size(0));
    optimizer.zero_grad();
    auto logits = model->forward(x);
    auto loss = F::cross_entropy(logits, y, F::CrossEntropyFuncOptions().weight(class_weights)); // BUG
    loss.backward();
    optimizer.step();
    total += loss.item<double>();
    ++batches;
  }
  return total / batches;
}

int main() {
  torch::manual_seed(8);
  const int64_t num_classes = 4, in_dim = 12, n = 256;

  auto labels = makeImbalancedLabels(n, num_classes);
  auto features = torch::randn({n, in_dim}) + labels.unsqueeze(1).to(torch::kFloat);
  auto class_weights = inverseFrequencyWeights(labels, num_classes);
  std::cout << "class weights: " << class_weights << "\n";

  torch::nn::Sequential model(torch::nn::Linear(in_dim, 32), torch::nn::ReLU(),
                              torch::nn::Linear(32, num_classes));
  torch::optim::SGD optimizer(model->parameters(), torch::optim::SGDOptions(0.1));

  for (int epoch = 0; epoch < 3; ++epoch) {
    double loss = trainEpoch(model, optimizer, features, labels, class_weights, 64);
    std::cout << "epoch " << epoch << " loss " << loss << "\n";
  }
  return 0;
}
