// RUN: %check_clang_tidy -check-suffixes=,V113 %s torchdtype-half-on-cpu %t -- -config="{CheckOptions: {PyTorchVersion: '1.13'}}"
// RUN: %check_clang_tidy %s torchdtype-half-on-cpu %t -- -config="{CheckOptions: {PyTorchVersion: '2.6'}}"
// torchdtype-half-on-cpu, autocast's dtype: 1.13's set_autocast_cpu_dtype
// takes bfloat16 only and throws for any other dtype (autocast.json
// "accepted_dtypes", read from its TORCH_CHECK; observed on 1.13.1 by the
// runtime case autocast_cpu_set_dtype_half_throws). 2.x takes any: quiet
// there. The dtype is the flow's, so it may come from a variable, a branch
// or a constant a caller passes.
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <string>

// ---- Positives ------------------------------------------------------------

void literal_half() {
  at::autocast::set_autocast_cpu_dtype(at::kHalf);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:3: warning: 'set_autocast_cpu_dtype' refuses dtype Half in PyTorch 1.13; this throws at run time: "Currently, AutocastCPU only support Bfloat16 as the autocast_cpu_dtype" [kb: pytorch/autocast-cpu-dtype] [torchdtype-half-on-cpu]
  // CHECK-MESSAGES-V113: :[[@LINE-2]]:3: note: fix: Use bfloat16 for CPU autocast in 1.13: {{.*}}
  at::autocast::set_cpu_enabled(true);
}

void float32_through_a_variable() {
  torch::Dtype amp_dtype = torch::kFloat32;
  at::autocast::set_autocast_cpu_dtype(amp_dtype);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:3: warning: 'set_autocast_cpu_dtype' refuses dtype Float in PyTorch 1.13; {{.*}} [torchdtype-half-on-cpu]
  // CHECK-MESSAGES-V113: :[[@LINE-3]]:28: note: dtype Float from here
}

void enter_mode(const std::string &mode) {
  if (mode == "off") {
    at::autocast::set_cpu_enabled(false);
  } else if (mode == "bf16") {
    at::autocast::set_autocast_cpu_dtype(at::kBFloat16);
    at::autocast::set_cpu_enabled(true);
  } else {
    at::autocast::set_autocast_cpu_dtype(at::kHalf);
    // CHECK-MESSAGES-V113: :[[@LINE-1]]:5: warning: 'set_autocast_cpu_dtype' refuses dtype Half in PyTorch 1.13; {{.*}} [torchdtype-half-on-cpu]
    at::autocast::set_cpu_enabled(true);
  }
}

torch::Dtype precision_dtype(bool half) {
  return half ? torch::kHalf : torch::kBFloat16;
}

void dtype_a_helper_returns() {
  at::autocast::set_autocast_cpu_dtype(precision_dtype(true));
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:3: warning: 'set_autocast_cpu_dtype' refuses dtype Half in PyTorch 1.13; {{.*}} [torchdtype-half-on-cpu]
}

void in_a_lambda() {
  auto enter = [] {
    at::autocast::set_autocast_cpu_dtype(at::kHalf);
    // CHECK-MESSAGES-V113: :[[@LINE-1]]:5: warning: 'set_autocast_cpu_dtype' refuses dtype Half in PyTorch 1.13; {{.*}} [torchdtype-half-on-cpu]
    at::autocast::set_cpu_enabled(true);
  };
  enter();
}

template <typename Model> torch::Tensor serve(Model &m, const torch::Tensor &x) {
  at::autocast::set_autocast_cpu_dtype(at::kHalf);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:3: warning: 'set_autocast_cpu_dtype' refuses dtype Half in PyTorch 1.13; {{.*}} [torchdtype-half-on-cpu]
  at::autocast::set_cpu_enabled(true);
  return m->forward(x);
}

void instantiate() {
  torch::nn::Linear a(4, 4);
  torch::nn::Conv1d b(4, 4, 1);
  serve(a, torch::randn({2, 4}));
  serve(b, torch::randn({2, 4, 3}));
}

#define ENTER_CPU_AUTOCAST(DT)                                                 \
  do {                                                                         \
    at::autocast::set_autocast_cpu_dtype(DT);                                  \
    at::autocast::set_cpu_enabled(true);                                       \
  } while (0)

void through_a_macro() {
  ENTER_CPU_AUTOCAST(at::kHalf);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:3: warning: 'set_autocast_cpu_dtype' refuses dtype Half in PyTorch 1.13; {{.*}} [torchdtype-half-on-cpu]
}

void on_each_pass(int steps) {
  for (int i = 0; i < steps; ++i) {
    at::autocast::set_autocast_cpu_dtype(at::kHalf);
    // CHECK-MESSAGES-V113: :[[@LINE-1]]:5: warning: 'set_autocast_cpu_dtype' refuses dtype Half in PyTorch 1.13; {{.*}} [torchdtype-half-on-cpu]
    at::autocast::set_cpu_enabled(true);
    at::autocast::set_cpu_enabled(false);
  }
}

// ---- Negatives ------------------------------------------------------------

void bfloat16_is_taken() {
  at::autocast::set_autocast_cpu_dtype(at::kBFloat16);
  at::autocast::set_cpu_enabled(true);
  at::autocast::set_cpu_enabled(false);
}

void cuda_takes_half() {
  at::autocast::set_autocast_gpu_dtype(at::kHalf);
  at::autocast::set_enabled(true);
  at::autocast::set_enabled(false);
}

// Whatever a caller passes: not known here.
void from_the_caller(at::ScalarType dt) {
  at::autocast::set_autocast_cpu_dtype(dt);
}

void restores_what_it_read() {
  at::ScalarType saved = at::autocast::get_autocast_cpu_dtype();
  at::autocast::set_autocast_cpu_dtype(at::kBFloat16);
  at::autocast::set_autocast_cpu_dtype(saved);
}

void helper_gives_bfloat16() {
  at::autocast::set_autocast_cpu_dtype(precision_dtype(false));
}

void branch_never_taken() {
  constexpr bool kUseHalf = false;
  if (kUseHalf)
    at::autocast::set_autocast_cpu_dtype(at::kHalf);
  else
    at::autocast::set_autocast_cpu_dtype(at::kBFloat16);
}
