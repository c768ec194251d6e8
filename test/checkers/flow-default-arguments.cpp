// RUN: %check_clang_tidy %s torchdtype-mixed-precision,torchdtype-device-mismatch %t
// A default argument of the user's function is what it says at each call
// that leaves it out: a dtype or a device, or an optional that holds none
// (`device = std::nullopt`, read with value_or).
#include <torch/torch.h>
#include <optional>

torch::Tensor widen(const torch::Tensor &x, torch::Dtype dt = torch::kDouble) {
  return x.to(dt);
}

torch::Tensor square_mask(int64_t n,
                          std::optional<torch::Device> device = std::nullopt) {
  return torch::ones({n, n}, torch::TensorOptions().device(
                                 device.value_or(torch::Device(torch::kCPU))));
}

void default_dtype_argument() {
  auto x = torch::randn({4, 4});
  auto y = torch::mm(widen(x), x);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
}

void given_dtype_negative() {
  auto x = torch::randn({4, 4});
  auto y = torch::mm(widen(x, torch::kFloat), x);
}

void default_nullopt_device() {
  auto x = torch::randn({4, 4}, torch::TensorOptions().device(torch::kCUDA));
  auto y = x + square_mask(4);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'operator+' gets operands on different devices (cuda and cpu){{.*}} [torchdtype-device-mismatch]
}

void given_device_negative() {
  auto x = torch::randn({4, 4}, torch::TensorOptions().device(torch::kCUDA));
  auto y = x + square_mask(4, torch::Device(torch::kCUDA));
}

template <typename T> T widen_as(const T &x, torch::Dtype dt = torch::kDouble) {
  return x.to(dt);
}
void default_in_a_template(bool b) {
  auto x = torch::randn({4, 4});
  auto w = b ? widen_as(x) : widen_as(x, torch::kFloat);
  auto y = torch::mm(w, x);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
}

void default_of_a_lambda_negative() {
  auto x = torch::randn({4, 4});
  auto keep = [](const torch::Tensor &t, torch::Dtype dt = torch::kFloat) {
    return t.to(dt);
  };
  auto y = torch::mm(keep(x), x);
}
