// Real-header tier: CUDA autocast switched on with the 2.4+ API
// at::autocast::set_autocast_enabled(at::kCUDA, true), or with the 1.x API
// at::autocast::set_enabled(true) on older LibTorch.
#include <ATen/autocast_mode.h>
#include <torch/torch.h>
#include <torch/version.h>

#if TORCH_VERSION_MAJOR > 2 || (TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR >= 4)
torch::Tensor cuda_autocast_region() {
  at::autocast::set_autocast_enabled(at::kCUDA, true);
  auto a = torch::randn({4, 4}, torch::device(torch::kCUDA));
  auto b = torch::randn({4, 4}, torch::device(torch::kCUDA).dtype(torch::kHalf));
  auto c = torch::mm(a, b);
  a.addmm_(b, b);
  // CHECK-MESSAGES-V2: :[[@LINE-1]]:{{[0-9]+}}: warning: 'addmm_' requires operands of the same dtype but gets Float and Half; this throws at run time{{.*}} [kb: pytorch/addmm-dtype-mismatch] [torchdtype-mixed-precision]
  // CHECK-MESSAGES-V2-DAG: :[[@LINE-2]]:{{[0-9]+}}: note: in-place ops are not autocast
  at::autocast::set_autocast_enabled(at::kCUDA, false);
  auto d = torch::mm(a, b);
  // CHECK-MESSAGES-V2: :[[@LINE-1]]:{{[0-9]+}}: warning: 'mm' requires operands of the same dtype but gets Float and Half; this throws at run time{{.*}} [kb: {{pytorch/mm-kernel-dtype-mismatch|pytorch/scalar-type-mismatch}}] [torchdtype-mixed-precision]
  return c + d;
}
#else
torch::Tensor cuda_autocast_region() {
  at::autocast::set_enabled(true);
  auto a = torch::randn({4, 4}, torch::device(torch::kCUDA));
  auto b = torch::randn({4, 4}, torch::device(torch::kCUDA).dtype(torch::kHalf));
  auto c = torch::mm(a, b);
  a.addmm_(b, b);
  // CHECK-MESSAGES-V1: :[[@LINE-1]]:{{[0-9]+}}: warning: 'addmm_' requires operands of the same dtype but gets Float and Half; this throws at run time{{.*}} [kb: pytorch/addmm-dtype-mismatch] [torchdtype-mixed-precision]
  // CHECK-MESSAGES-V1-DAG: :[[@LINE-2]]:{{[0-9]+}}: note: in-place ops are not autocast
  at::autocast::set_enabled(false);
  auto d = torch::mm(a, b);
  // CHECK-MESSAGES-V1: :[[@LINE-1]]:{{[0-9]+}}: warning: 'mm' requires operands of the same dtype but gets Float and Half; this throws at run time{{.*}} [kb: {{pytorch/mm-kernel-dtype-mismatch|pytorch/scalar-type-mismatch}}] [torchdtype-mixed-precision]
  return c + d;
}
#endif

// The CUDA switch does nothing for CPU tensors (observed on 1.13.1).
torch::Tensor cuda_autocast_cpu_tensors() {
  at::autocast::set_cpu_enabled(false);
#if TORCH_VERSION_MAJOR > 2 || (TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR >= 4)
  at::autocast::set_autocast_enabled(at::kCUDA, true);
#else
  at::autocast::set_enabled(true);
#endif
  auto a = torch::randn({4, 4});
  auto b = torch::randn({4, 4}, torch::kHalf);
  return torch::mm(a, b);
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'mm' requires operands of the same dtype but gets Float and Half; this throws at run time{{.*}} [kb: {{pytorch/mm-kernel-dtype-mismatch|pytorch/scalar-type-mismatch}}] [torchdtype-mixed-precision]
}
