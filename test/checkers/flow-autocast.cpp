// RUN: %check_clang_tidy %s torchdtype-mixed-precision %t
#include <torch/torch.h>
#include <ATen/autocast_mode.h>

// This translation unit turns autocast on, so a function that does not set
// the autocast state itself starts with an unknown state.

void cpu_autocast_covers_mm() {
  at::autocast::set_cpu_enabled(true);
  auto a = torch::randn({2, 2});
  auto b = torch::randn({2, 2}, torch::kBFloat16);
  auto c = torch::mm(a, b);              // autocast runs mm in bfloat16
  auto d = torch::mm(a, b.to(torch::kHalf)); // float16 is cast too
  auto e = a.matmul(b);
  at::autocast::set_cpu_enabled(false);
}

void cpu_autocast_in_place_is_not_autocast() {
  at::autocast::set_cpu_enabled(true);
  auto acc = torch::zeros({2, 2});
  auto b = torch::randn({2, 2}, torch::kBFloat16);
  auto c = torch::randn({2, 2}, torch::kBFloat16);
  acc.addmm_(b, c);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'addmm_' requires operands of the same dtype but gets Float and BFloat16; this throws at run time{{.*}} [kb: pytorch/addmm-dtype-mismatch] [torchdtype-mixed-precision]
  // CHECK-MESSAGES: :[[@LINE-2]]:{{[0-9]+}}: note: in-place ops are not autocast
  at::autocast::set_cpu_enabled(false);
}

void cpu_autocast_out_variant_is_not_autocast() {
  at::autocast::set_cpu_enabled(true);
  auto out = torch::empty({2, 2});
  auto a = torch::randn({2, 2});
  auto b = torch::randn({2, 2}, torch::kBFloat16);
  at::mm_out(out, a, b);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm_out' requires operands of the same dtype but gets Float and BFloat16; this throws at run time{{.*}} [kb: pytorch/mm-kernel-dtype-mismatch] [torchdtype-mixed-precision]
  // CHECK-MESSAGES: :[[@LINE-2]]:{{[0-9]+}}: note: 'out=' variants are not autocast
  at::autocast::set_cpu_enabled(false);
}

void cpu_autocast_leaves_float64() {
  at::autocast::set_cpu_enabled(true);
  auto d = torch::randn({2, 2}, torch::kDouble);
  auto f = torch::randn({2, 2});
  auto c = torch::mm(d, f);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float; this throws at run time{{.*}} [kb: pytorch/mm-kernel-dtype-mismatch] [torchdtype-mixed-precision]
  // CHECK-MESSAGES: :[[@LINE-2]]:{{[0-9]+}}: note: autocast leaves float64 operands unchanged
  at::autocast::set_cpu_enabled(false);
}

void cpu_autocast_ops_not_listed() {
  at::autocast::set_cpu_enabled(true);
  auto a = torch::randn({4});
  auto b = torch::randn({4}, torch::kBFloat16);
  auto c = torch::dot(a, b);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'dot' requires operands of the same dtype but gets Float and BFloat16; this throws at run time{{.*}} [kb: pytorch/dot-dtype-mismatch] [torchdtype-mixed-precision]
  at::autocast::set_cpu_enabled(false);
}

void cuda_autocast_does_not_cover_cpu_tensors() {
  at::autocast::set_cpu_enabled(false);
  at::autocast::set_enabled(true);
  auto a = torch::randn({2, 2});
  auto b = torch::randn({2, 2}, torch::kHalf);
  auto c = torch::mm(a, b);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Half; this throws at run time{{.*}} [kb: pytorch/mm-kernel-dtype-mismatch] [torchdtype-mixed-precision]
  at::autocast::set_enabled(false);
}

void cuda_autocast_covers_cuda_tensors() {
  at::autocast::set_enabled(true);
  auto a = torch::randn({2, 2}, torch::kCUDA);
  auto b = torch::randn({2, 2}, torch::dtype(torch::kHalf).device(torch::kCUDA));
  auto c = torch::mm(a, b);
  at::autocast::set_enabled(false);
  auto d = torch::mm(a, b);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Half; this throws at run time{{.*}} [kb: pytorch/mm-kernel-dtype-mismatch] [torchdtype-mixed-precision]
}

void device_generic_api() {
  at::autocast::set_autocast_enabled(at::kCUDA, true);
  auto a = torch::randn({2, 2}, torch::Device(torch::kCUDA, 0));
  auto b = a.to(torch::kHalf);
  auto c = torch::mm(a, b);
  at::autocast::set_autocast_enabled(at::kCUDA, false);
  auto d = torch::mm(a, b);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Half; this throws at run time{{.*}} [kb: pytorch/mm-kernel-dtype-mismatch] [torchdtype-mixed-precision]
  at::autocast::set_autocast_enabled(at::kCPU, true);
  auto x = torch::randn({2, 2});
  auto y = torch::randn({2, 2}, torch::kBFloat16);
  auto z = torch::mm(x, y);
  at::autocast::set_autocast_enabled(at::kCPU, false);
}

void autocast_off_again_after_region() {
  at::autocast::set_cpu_enabled(true);
  auto a = torch::randn({2, 2});
  auto b = torch::randn({2, 2}, torch::kBFloat16);
  auto c = torch::mm(a, b);
  at::autocast::set_cpu_enabled(false);
  auto d = torch::mm(a, b);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and BFloat16; this throws at run time{{.*}} [kb: pytorch/mm-kernel-dtype-mismatch] [torchdtype-mixed-precision]
}

bool wants_autocast(int step);

void autocast_only_on_one_path(int step) {
  at::autocast::set_cpu_enabled(false);
  if (wants_autocast(step))
    at::autocast::set_cpu_enabled(true);
  auto a = torch::randn({2, 2});
  auto b = torch::randn({2, 2}, torch::kBFloat16);
  auto c = torch::mm(a, b); // autocast may be on: no warning
}

// A query of the machine splits paths like a flag: where CUDA is missing,
// autocast stays off.
void autocast_only_where_cuda() {
  at::autocast::set_cpu_enabled(false);
  if (torch::cuda::is_available())
    at::autocast::set_cpu_enabled(true);
  auto a = torch::randn({2, 2});
  auto b = torch::randn({2, 2}, torch::kBFloat16);
  auto c = torch::mm(a, b);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and BFloat16; this throws at run time{{.*}} [kb: pytorch/mm-kernel-dtype-mismatch] [torchdtype-mixed-precision]
  // CHECK-MESSAGES: :[[@LINE-6]]:7: note: assuming 'torch::cuda::is_available()' is false
}

void autocast_state_unknown_at_entry() {
  auto a = torch::randn({2, 2});
  auto b = torch::randn({2, 2}, torch::kBFloat16);
  auto c = torch::mm(a, b); // a caller may have turned autocast on
}

void calls_inside_region() {
  at::autocast::set_cpu_enabled(true);
  autocast_state_unknown_at_entry();
  at::autocast::set_cpu_enabled(false);
}

// Nothing that turns autocast on calls this one: autocast is off at entry.
void autocast_off_at_entry_when_no_region_calls_it() {
  auto a = torch::randn({2, 2});
  auto b = torch::randn({2, 2}, torch::kBFloat16);
  auto c = torch::mm(a, b);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and BFloat16; this throws at run time{{.*}} [kb: pytorch/mm-kernel-dtype-mismatch] [torchdtype-mixed-precision]
}

// A user RAII guard: autocast on in the constructor, off in the destructor.
struct CpuAutocastGuard {
  CpuAutocastGuard() {
    at::autocast::set_cpu_enabled(true);
    at::autocast::increment_nesting();
  }
  ~CpuAutocastGuard() {
    if (at::autocast::decrement_nesting() == 0)
      at::autocast::clear_cache();
    at::autocast::set_cpu_enabled(false);
  }
};

void guard_region() {
  at::autocast::set_cpu_enabled(false);
  auto a = torch::randn({2, 2});
  auto b = torch::randn({2, 2}, torch::kBFloat16);
  auto before = torch::mm(a, b);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'mm' requires operands of the same dtype but gets Float and BFloat16; this throws at run time{{.*}} [kb: pytorch/mm-kernel-dtype-mismatch] [torchdtype-mixed-precision]
  {
    CpuAutocastGuard guard;
    auto inside = torch::mm(a, b);
  }
  auto after = torch::mm(a, b);
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'mm' requires operands of the same dtype but gets Float and BFloat16; this throws at run time{{.*}} [kb: pytorch/mm-kernel-dtype-mismatch] [torchdtype-mixed-precision]
}
