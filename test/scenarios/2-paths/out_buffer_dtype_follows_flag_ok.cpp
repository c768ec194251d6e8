// scenario: a kernel-regression helper preallocates its output with the same dtype flag that converts both operands, so mm_out always matches
// tier: 2
// family: out-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <cstring>
#include <iostream>

int main(int argc, char **argv) {
  torch::manual_seed(0);
  bool fp64 = true;
  for (int i = 1; i < argc; ++i)
    if (!std::strcmp(argv[i], "--fp32")) fp64 = false;
  const auto dtype = fp64 ? torch::kDouble : torch::kFloat;

  auto train_x = torch::randn({50, 3});
  auto train_y = torch::randn({50, 1});
  auto alpha = torch::linalg_solve(torch::cdist(train_x, train_x).neg().exp() + 0.1 * torch::eye(50), train_y);
  alpha = alpha.to(dtype);

  auto out = torch::empty({10, 1}, dtype);
  for (int chunk = 0; chunk < 2; ++chunk) {
    auto test_x = torch::randn({10, 3});
    auto kernel = torch::cdist(test_x, train_x).neg().exp().to(dtype);
    torch::mm_out(out, kernel, alpha);
    std::cout << "chunk " << chunk << " mean prediction " << out.mean().item<double>() << "\n";
  }
  return 0;
}
