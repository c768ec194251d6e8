// scenario: three-call pipeline whose normaliser works in float64 but returns float32, so the projector's matmul matches
// tier: 3
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <vector>

torch::Tensor load_batch(int64_t n, int64_t dim) { return torch::rand({n, dim}) * 255.0; }

torch::Tensor normalize(const torch::Tensor &batch, const std::vector<double> &mean,
                        const std::vector<double> &std) {
  auto m = torch::tensor(mean, torch::kDouble);
  auto s = torch::tensor(std, torch::kDouble);
  auto out = (batch.to(torch::kDouble) - m) / s;
  return out.to(batch.scalar_type());
}

torch::Tensor project(const torch::Tensor &x, const torch::Tensor &w) { return torch::mm(x, w); }

int main() {
  torch::manual_seed(0);
  std::vector<double> mean = {120.0, 115.0, 104.0};
  std::vector<double> std = {58.0, 57.0, 57.5};
  auto w = torch::randn({3, 2});
  auto out = project(normalize(load_batch(4, 3), mean, std), w);
  std::cout << out << "\n";
  return 0;
}
