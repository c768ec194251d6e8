// scenario: a sparse optimizer writes per-coordinate updates computed in float64 into a flat float32 parameter with put_
// tier: 1
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: put_(): self and source expected to have the same dtype, but got self.dtype = Float and source.dtype = Double
#include <torch/torch.h>
#include <iostream>

int main() {
  torch::manual_seed(0);
  auto weights = torch::randn({20, 10});
  auto touched = torch::tensor({3, 17, 42, 150, 199});
  auto grads = torch::randn({5}, torch::kDouble);
  auto hist = torch::full({5}, 0.25, torch::kDouble);
  auto step = -0.01 * grads / (hist.sqrt() + 1e-8);
  weights.put_(touched, weights.take(touched).to(torch::kDouble) + step); // BUG
  std::cout << "updated weight norm " << weights.norm().item<float>() << "\n";
  return 0;
}
