// scenario: a stored std::function captures the projection by reference; the projection is converted to float64 for export before the lambda runs
// tier: 3
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Float but found Double
#include <torch/torch.h>
#include <functional>
#include <iostream>
#include <vector>

using Head = std::function<torch::Tensor(const torch::Tensor &)>;

// Pretend export: a downstream tool wants float64 matrices.
double checksum_for_export(const torch::Tensor &m) { return m.sum().item<double>(); }

int main() {
  torch::manual_seed(0);
  auto projection = torch::randn({16, 4});
  Head head = [&projection](const torch::Tensor &x) {
    return torch::mm(x, projection); // BUG
  };

  // Export step: the author converts in place of a copy.
  projection = projection.to(torch::kDouble);
  std::cout << "export checksum " << checksum_for_export(projection) << "\n";

  std::vector<torch::Tensor> batches;
  for (int i = 0; i < 3; ++i)
    batches.push_back(torch::randn({5, 16}));
  for (const auto &b : batches) {
    auto out = head(b);
    std::cout << out.argmax(1) << "\n";
  }
  return 0;
}
