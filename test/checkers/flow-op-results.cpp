// The result of an op the measured table ran (1.13) has the dtype its run
// returned, and every op's result the one device of its tensors when no
// argument names a device: layer_norm's result (measured since the table
// gives normalized_shape the input's last dimension) is float32 on the
// CPU, so a float64 operand beside it, or its float16 copy given to
// layer_norm again, throws (observed on 1.13.1: runtime cases
// half_cpu_layer_norm_throws and layer_norm_result_f32_mm_f64_throws).
// REAL-VERSION: ==1.13
// RUN: %check_clang_tidy %s torchdtype-mixed-precision,torchdtype-half-on-cpu %t -- -config="{CheckOptions: {PyTorchVersion: '1.13'}}"
#include <torch/torch.h>

// ---- Positives ------------------------------------------------------------

void layer_norm_result_is_float() {
  auto x = torch::randn({2, 4});
  auto y = torch::layer_norm(x, {4});
  torch::mm(y, torch::ones({4, 4}, torch::kDouble));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Float and Double{{.*}} [torchdtype-mixed-precision]
}

// The result stays on its input's device through a loop.
void loop_carried_result(int steps) {
  auto h = torch::randn({2, 4});
  for (int i = 0; i < steps; ++i) {
    auto y = torch::layer_norm(h, {4});
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'layer_norm' has no CPU kernel for float16 in PyTorch 1.13{{.*}} [torchdtype-half-on-cpu]
    // CHECK-MESSAGES: :[[@LINE-3]]:21: note: on the second or a later iteration of this loop
    h = y.to(torch::kHalf);
  }
}

// batch_norm in training mode: no rule, and the table could not run it
// (its runs needed running statistics); its result is on the input's
// device all the same.
void unmeasured_op_keeps_the_device() {
  auto x = torch::randn({2, 4});
  auto b = torch::batch_norm(x, {}, {}, {}, {}, true, 0.1, 1e-5, false);
  torch::layer_norm(b.to(torch::kHalf), {4});
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'layer_norm' has no CPU kernel for float16 in PyTorch 1.13{{.*}} [torchdtype-half-on-cpu]
}

template <typename T> T normed_twice(const T &x) {
  auto y = torch::layer_norm(x, {4});
  return torch::layer_norm(y.to(torch::kHalf), {4});
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'layer_norm' has no CPU kernel for float16 in PyTorch 1.13{{.*}} [torchdtype-half-on-cpu]
}
void use_template() { normed_twice(torch::randn({2, 4})); }

// layer_norm's kernel is chosen by its input's dtype alone: a float16
// input throws beside float32 weight and bias too (cpu_half.json
// input_decides; runtime case half_cpu_layer_norm_f32_affine_throws).
void half_input_float_affine(bool affine) {
  auto gamma = torch::ones({4});
  auto x = torch::randn({2, 4}).to(torch::kHalf);
  if (affine)
    torch::layer_norm(x, {4}, gamma, gamma);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'layer_norm' has no CPU kernel for float16 in PyTorch 1.13{{.*}} [torchdtype-half-on-cpu]
}

// ---- Negatives ------------------------------------------------------------

// Both float32: runs.
void layer_norm_result_beside_float() {
  auto y = torch::layer_norm(torch::randn({2, 4}), {4});
  auto z = torch::mm(y, torch::ones({4, 4}));
}

// The device is not known: a tensor given from outside.
#define NORM_HALF(t) torch::layer_norm((t).to(torch::kHalf), {4})
void unknown_device(const torch::Tensor &x) {
  auto lambda = [](const torch::Tensor &t) { return NORM_HALF(torch::layer_norm(t, {4})); };
  lambda(x);
}
