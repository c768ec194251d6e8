// The same findings for every supported PyTorchVersion.
// RUN: %check_clang_tidy %s torchdtype-mixed-precision %t
// RUN: %check_clang_tidy %s torchdtype-mixed-precision %t -- -config="{CheckOptions: {PyTorchVersion: '1.13'}}"
// RUN: %check_clang_tidy %s torchdtype-mixed-precision %t -- -config="{CheckOptions: {PyTorchVersion: '2.6'}}"
#include <torch/torch.h>
#include <ATen/autocast_mode.h>

void version_independent() {
  at::autocast::set_cpu_enabled(false);
  auto a = torch::randn({2, 2});
  auto h = torch::randn({2, 2}, torch::kHalf);
  auto c = torch::mm(a, h);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Half; this throws at run time{{.*}} [kb: {{pytorch/mm-kernel-dtype-mismatch|pytorch/scalar-type-mismatch}}] [torchdtype-mixed-precision]
  at::autocast::set_cpu_enabled(true);
  auto b = torch::randn({2, 2}, torch::kBFloat16);
  auto d = torch::mm(a, b);
  b.addmm_(a, b);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'addmm_' requires operands of the same dtype but gets BFloat16 and Float; this throws at run time{{.*}} [kb: pytorch/addmm-dtype-mismatch] [torchdtype-mixed-precision]
  // CHECK-MESSAGES: :[[@LINE-2]]:{{[0-9]+}}: note: in-place ops are not autocast
  at::autocast::set_cpu_enabled(false);
}

