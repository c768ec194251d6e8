// An op one of whose overloads lacks a float16 CPU kernel while another
// has it: the overload the call runs decides, as measured on 1.13.1
// (op_contracts.json). clamp_min(x, 1e-6) of a Half x raises
// "clamp_min_cpu" not implemented for 'Half'; clamp_min(x, tensor) runs.
// RUN: %check_clang_tidy %s torchdtype-half-on-cpu %t -- -config="{CheckOptions: {torchdtype-half-on-cpu.PyTorchVersion: '1.13'}}"
// REAL-VERSION: ==1.13
#include <torch/torch.h>
#include <vector>

#define FLOORED(t) (t).clamp_min(1e-6)

// ---- Positives ------------------------------------------------------------

void scalar_overload() {
  auto norms = torch::ones({4, 1}, torch::kHalf);
  auto floored = norms.clamp_min(1e-6);
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'clamp_min' has no CPU kernel for float16 in PyTorch 1.13; this throws at run time: ""clamp_min_cpu" not implemented for 'Half'"{{.*}} [torchdtype-half-on-cpu]
}

void converted_on_a_path(bool compact) {
  auto catalog = torch::randn({8, 4});
  if (compact)
    catalog = catalog.to(torch::kHalf);
  auto floored = catalog.clamp_min(0.0);
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'clamp_min' has no CPU kernel for float16{{.*}} [torchdtype-half-on-cpu]
  // CHECK-MESSAGES: :[[@LINE-4]]:7: note: assuming 'compact' is true
}

void in_a_loop(const std::vector<int64_t> &sizes) {
  for (int64_t n : sizes) {
    auto x = torch::ones({n}, torch::kHalf);
    auto y = x.clamp_min(1);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'clamp_min' has no CPU kernel for float16{{.*}} [torchdtype-half-on-cpu]
  }
}

template <typename T> torch::Tensor floor_at(const torch::Tensor &x, T v) {
  return x.clamp_min(v);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'clamp_min' has no CPU kernel for float16{{.*}} [torchdtype-half-on-cpu]
}
void instantiate() { floor_at(torch::ones({2}, torch::kHalf), 0.5); }

void in_a_lambda() {
  auto floor = [](const torch::Tensor &x) { return x.clamp_min(0.0); };
  // CHECK-MESSAGES: :[[@LINE-1]]:52: warning: 'clamp_min' has no CPU kernel for float16{{.*}} [torchdtype-half-on-cpu]
  floor(torch::ones({2}, torch::kHalf));
}

void in_a_macro() {
  auto x = torch::ones({2}, torch::kHalf);
  auto y = FLOORED(x);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'clamp_min' has no CPU kernel for float16{{.*}} [torchdtype-half-on-cpu]
}

// ---- Negatives ------------------------------------------------------------

void tensor_overload_runs() {
  auto x = torch::ones({4}, torch::kHalf);
  auto floor = torch::zeros({4}, torch::kHalf);
  auto y = x.clamp_min(floor);
}

void bfloat16_has_the_kernel() {
  auto x = torch::ones({4}, torch::kBFloat16);
  auto y = x.clamp_min(1e-6);
}

void float_after_the_branch(bool compact) {
  auto catalog = torch::randn({8, 4});
  if (compact)
    catalog = catalog.to(torch::kHalf);
  auto floored = catalog.to(torch::kFloat).clamp_min(0.0);
}

void half_on_cuda() {
  auto x = torch::ones({4}, torch::TensorOptions().dtype(torch::kHalf).device(torch::kCUDA));
  auto y = x.clamp_min(1e-6);
}
