// Real-header tier: no mixed-precision warning when the operands have the same
// dtype, or when one is converted to the other's dtype before the op. (Half
// matmul on the CPU has no kernel in 1.13: half-on-cpu reports it there.)
#include <torch/torch.h>

torch::Tensor same_float() {
  torch::Tensor a = torch::randn({4, 4});
  torch::Tensor b = torch::randn({4, 4}, torch::kFloat32);
  return torch::mm(a, b);
}

torch::Tensor same_half() {
  auto a = torch::zeros({4, 4}, torch::kHalf);
  auto b = torch::ones({4, 4}, torch::dtype(torch::kHalf));
  return torch::matmul(a, b);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:{{[0-9]+}}: warning: 'matmul' has no CPU kernel for float16 in PyTorch 1.13; this throws at run time{{.*}} [kb: pytorch/dtype-not-implemented] [torchdtype-half-on-cpu]
}

torch::Tensor converted_before_use() {
  auto a = torch::randn({4, 4});
  auto b = torch::randn({4, 4}, torch::kHalf);
  auto b32 = b.to(torch::kFloat);
  auto r1 = torch::mm(a, b32);
  auto r2 = torch::mm(a, b.to(a.dtype()));
  auto r3 = torch::mm(a, b.type_as(a));
  return r1 + r2 + r3;
}
