// scenario: a stored std::function captures the classifier weights by value; the outer variable is later converted to float16 for export
// tier: 3
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <functional>
#include <iostream>

using Classifier = std::function<torch::Tensor(const torch::Tensor &)>;

Classifier make_classifier(const torch::Tensor &weights, const torch::Tensor &bias) {
  return [weights, bias](const torch::Tensor &x) { return torch::addmm(bias, x, weights); };
}

int64_t export_size_bytes(const torch::Tensor &t) { return t.numel() * t.element_size(); }

int main() {
  torch::manual_seed(0);
  auto weights = torch::randn({10, 3});
  auto bias = torch::zeros({3});
  auto classify = make_classifier(weights, bias);

  // The export path halves the outer tensors; the classifier kept its own handles.
  weights = weights.to(torch::kHalf);
  bias = bias.to(torch::kHalf);
  std::cout << "export bytes " << export_size_bytes(weights) + export_size_bytes(bias) << "\n";

  auto batch = torch::randn({4, 10});
  std::cout << classify(batch).argmax(1) << "\n";
  return 0;
}
