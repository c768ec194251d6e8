// Real-header tier (run-real-tier.py): float32 x float16 `mm` throws at run time
// ("expected scalar type Float but found Half" in 1.13.1, observed on CPU).
#include <torch/torch.h>

torch::Tensor mixed_mm() {
  torch::Tensor a = torch::randn({4, 4});
  torch::Tensor b = torch::randn({4, 4}, torch::kHalf);
  return torch::mm(a, b);
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'mm' requires operands of the same dtype but gets Float and Half; this throws at run time{{.*}} [kb: {{pytorch/mm-kernel-dtype-mismatch|pytorch/scalar-type-mismatch}}] [torchdtype-mixed-precision]
  // CHECK-MESSAGES-DAG: :[[@LINE-4]]:{{[0-9]+}}: note: operand 'a' has dtype Float from here
  // CHECK-MESSAGES-DAG: :[[@LINE-4]]:{{[0-9]+}}: note: operand 'b' has dtype Half from here
}

torch::Tensor mixed_matmul_options() {
  auto x = torch::ones({2, 3}, torch::TensorOptions().dtype(torch::kFloat32));
  auto w = torch::ones({3, 2}, torch::dtype(torch::kFloat16));
  return torch::matmul(x, w);
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'matmul' requires operands of the same dtype but gets Float and Half; this throws at run time{{.*}} [kb: {{pytorch/mm-kernel-dtype-mismatch|pytorch/scalar-type-mismatch}}] [torchdtype-mixed-precision]
}

torch::Tensor mixed_after_conversion() {
  auto x = torch::rand({2, 2});
  auto y = x.to(torch::kBFloat16);
  return x.mm(y);
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'mm' requires operands of the same dtype but gets Float and BFloat16; this throws at run time{{.*}} [kb: {{pytorch/mm-kernel-dtype-mismatch|pytorch/scalar-type-mismatch}}] [torchdtype-mixed-precision]
}
