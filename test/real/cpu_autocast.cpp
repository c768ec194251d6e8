// Real-header tier: CPU autocast (bfloat16) covers mm but not in-place addmm_ and
// not mv (observed on LibTorch 1.13.1; mv is in no CPU autocast list up to 2.14).
#include <ATen/autocast_mode.h>
#include <torch/torch.h>

torch::Tensor cpu_autocast_region() {
  at::autocast::set_cpu_enabled(true);
  auto a = torch::randn({4, 4});
  auto b = torch::randn({4, 4}, torch::kBFloat16);
  auto c = torch::mm(a, b);
  auto d = torch::randn({4, 4});
  d.addmm_(b, b);
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'addmm_' requires operands of the same dtype but gets Float and BFloat16; this throws at run time{{.*}} [kb: pytorch/addmm-dtype-mismatch] [torchdtype-mixed-precision]
  // CHECK-MESSAGES-DAG: :[[@LINE-2]]:{{[0-9]+}}: note: in-place ops are not autocast
  auto v = torch::randn({4}, torch::kBFloat16);
  auto e = torch::mv(a, v);
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'mv' requires operands of the same dtype but gets Float and BFloat16; this throws at run time{{.*}} [kb: pytorch/scalar-type-mismatch] [torchdtype-mixed-precision]
  at::autocast::set_cpu_enabled(false);
  return c + d + e.sum();
}

torch::Tensor cpu_autocast_off() {
  // This TU turns autocast on elsewhere; state it here, as a caller might not.
  at::autocast::set_cpu_enabled(false);
  auto a = torch::randn({4, 4});
  auto b = torch::randn({4, 4}, torch::kBFloat16);
  return torch::mm(a, b);
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'mm' requires operands of the same dtype but gets Float and BFloat16; this throws at run time{{.*}} [kb: {{pytorch/mm-kernel-dtype-mismatch|pytorch/scalar-type-mismatch}}] [torchdtype-mixed-precision]
}
