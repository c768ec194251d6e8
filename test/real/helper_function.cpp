// Real-header tier: the dtype is set inside a helper function the caller uses.
#include <torch/torch.h>

static torch::Tensor to_half(const torch::Tensor &t) { return t.to(torch::kHalf); }

torch::Tensor use_helper() {
  auto w = torch::ones({3, 3});
  auto x = to_half(torch::ones({3, 3}));
  return torch::matmul(w, x);
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'matmul' requires operands of the same dtype but gets Float and Half; this throws at run time{{.*}} [kb: {{pytorch/mm-kernel-dtype-mismatch|pytorch/scalar-type-mismatch}}] [torchdtype-mixed-precision]
}

torch::Tensor use_helper_consistently() {
  auto w = to_half(torch::ones({3, 3}));
  auto x = to_half(torch::ones({3, 3}));
  return torch::matmul(w, x);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:{{[0-9]+}}: warning: 'matmul' has no CPU kernel for float16 in PyTorch 1.13; this throws at run time{{.*}} [kb: pytorch/dtype-not-implemented] [torchdtype-half-on-cpu]
}
