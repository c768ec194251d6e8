// scenario: a stored lambda captures the projection by reference; the projection is converted to float16 for a checksum and restored to float32 before the lambda runs
// tier: 3
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <functional>
#include <iostream>

double fp16_checksum(const torch::Tensor &t) { return t.to(torch::kFloat).sum().item<double>(); }

int main() {
  torch::manual_seed(0);
  auto projection = torch::randn({16, 4});
  std::function<torch::Tensor(const torch::Tensor &)> embed = [&projection](const torch::Tensor &x) {
    return torch::mm(x, projection);
  };

  // Round-trip through half to check what an fp16 export would lose.
  auto original = projection;
  projection = projection.to(torch::kHalf);
  std::cout << "fp16 checksum " << fp16_checksum(projection) << "\n";
  projection = projection.to(original.scalar_type());
  std::cout << "max error " << (projection - original).abs().max().item<float>() << "\n";

  auto out = embed(torch::randn({3, 16}));
  std::cout << out.sizes() << "\n";
  return 0;
}
