// scenario: three-call pipeline: loader returns float32, normaliser divides by float64 dataset statistics, projector multiplies by float32 weights
// tier: 3
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Double but found Float
#include <torch/torch.h>
#include <iostream>
#include <vector>

torch::Tensor load_batch(int64_t n, int64_t dim) {
  return torch::rand({n, dim}) * 255.0;
}

// Dataset statistics as published with the dataset (kept as doubles).
torch::Tensor normalize(const torch::Tensor &batch, const std::vector<double> &mean,
                        const std::vector<double> &std) {
  auto m = torch::tensor(mean, torch::kDouble);
  auto s = torch::tensor(std, torch::kDouble);
  return (batch - m) / s;
}

torch::Tensor project(const torch::Tensor &x, const torch::Tensor &w) {
  return torch::mm(x, w); // BUG
}

int main() {
  torch::manual_seed(0);
  std::vector<double> mean = {120.0, 115.0, 104.0};
  std::vector<double> std = {58.0, 57.0, 57.5};
  auto w = torch::randn({3, 2});
  auto batch = load_batch(4, 3);
  auto x = normalize(batch, mean, std);
  auto out = project(x, w);
  std::cout << out << "\n";
  return 0;
}
