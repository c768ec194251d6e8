// Conditions on a variable holding a dtype or a device (Conditions.cpp,
// KnownConstants.cpp): `dt != torch::kFloat` compares with the enumerator
// the constant names, so a path that set dt keeps it apart and takes the
// one edge its value allows, and `device.is_cpu()` refines a device
// variable as it refines a tensor's device (also where nothing reads the
// variable after the test, and in the last operand of `a && b`). A
// callee's branch on such a parameter is decided by the constant a call
// passes (CollectEvents.cpp keeps it on the events judged at each call).
// RUN: %check_clang_tidy %s torchdtype-half-on-cpu %t -- -config="{CheckOptions: {PyTorchVersion: '1.13'}}"
// REAL-VERSION: ==1.13
#include <torch/torch.h>
#include <string>

#define IS_HALF(dt) ((dt) == torch::kHalf)

enum class Precision { kFp32, kBf16, kFp16 };
Precision parse_precision(const std::string &name);

// ---- Positives ------------------------------------------------------------

void switch_then_convert_unless_float(const std::string &name) {
  auto q = torch::randn({4, 8, 16});
  torch::Dtype dt;
  switch (parse_precision(name)) {
  case Precision::kBf16:
    dt = torch::kBFloat16;
    break;
  case Precision::kFp16:
    dt = torch::kHalf;
    break;
  default:
    dt = torch::kFloat;
    break;
  }
  if (dt != torch::kFloat)
    q = q.to(dt);
  torch::bmm(q, q.transpose(1, 2));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'bmm' has no CPU kernel for float16 {{.*}} [torchdtype-half-on-cpu]
}

void flag_picks_the_dtype(bool half) {
  torch::Dtype dt = half ? torch::kHalf : torch::kFloat;
  auto q = torch::randn({2, 3, 4});
  if (dt != torch::kFloat)
    q = q.to(dt);
  torch::bmm(q, q.transpose(1, 2));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'bmm' has no CPU kernel for float16 {{.*}} [torchdtype-half-on-cpu]
}

void tested_through_a_macro(torch::Dtype dt) {
  auto q = torch::randn({2, 3, 4});
  if (IS_HALF(dt))
    q = q.to(torch::kHalf);
  torch::bmm(q, q.transpose(1, 2));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'bmm' has no CPU kernel for float16 {{.*}} [torchdtype-half-on-cpu]
}

template <typename T> void in_a_template(bool half) {
  torch::Dtype dt = half ? torch::kHalf : torch::CppTypeToScalarType<T>::value;
  auto q = torch::randn({2, 3, 4});
  if (dt == torch::kHalf)
    torch::bmm(q.to(dt), q.to(dt).transpose(1, 2));
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'bmm' has no CPU kernel for float16 {{.*}} [torchdtype-half-on-cpu]
}
template void in_a_template<float>(bool);

void in_a_loop(int n) {
  auto q = torch::randn({2, 3, 4});
  for (int i = 0; i < n; ++i) {
    torch::Dtype dt = i == 0 ? torch::kFloat : torch::kHalf;
    if (dt != torch::kFloat)
      torch::bmm(q.to(dt), q.to(dt).transpose(1, 2));
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'bmm' has no CPU kernel for float16 {{.*}} [torchdtype-half-on-cpu]
  }
}

void in_a_lambda(bool half) {
  auto run = [half](torch::Tensor q) {
    torch::Dtype dt = half ? torch::kHalf : torch::kFloat;
    if (dt != torch::kFloat)
      q = q.to(dt);
    return torch::bmm(q, q.transpose(1, 2));
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'bmm' has no CPU kernel for float16 {{.*}} [torchdtype-half-on-cpu]
  };
  run(torch::randn({2, 3, 4}));
}

torch::Tensor widen_unless_float(torch::Dtype dt) {
  auto q = torch::randn({2, 3, 4});
  if (dt == torch::kFloat)
    return q;
  return torch::bmm(q.to(dt), q.to(dt).transpose(1, 2));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'bmm' has no CPU kernel for float16 {{.*}} [torchdtype-half-on-cpu]
}
void given_half() { widen_unless_float(torch::kHalf); }

// ---- Negatives ------------------------------------------------------------

// A callee's branch on a parameter, decided by the constant a call passes:
// what runs only on the other branch is not judged for that call.
torch::Tensor skip_half(torch::Dtype dt) {
  auto q = torch::randn({2, 3, 4});
  if (dt == torch::kHalf)
    return q;
  return torch::bmm(q.to(dt), q.to(dt).transpose(1, 2));
}
void given_half_skipped() { skip_half(torch::kHalf); }
void given_either_skipped(bool half) {
  skip_half(half ? torch::kHalf : torch::kFloat);
}

void half_only_off_the_cpu(torch::Dtype dtype) {
  const torch::Device device(torch::kCPU);
  if (dtype == torch::kFloat16 && device.is_cpu())
    return;
  auto lhs = torch::randn({4, 4}).to(torch::TensorOptions().dtype(dtype).device(device));
  torch::mm(lhs, lhs);
}

void device_read_only_by_the_test() {
  const torch::Device device(torch::kCPU);
  auto x = torch::randn({2, 2}, torch::kHalf);
  if (!device.is_cpu())
    torch::mm(x, x);
}

void converted_back_unless_float(bool half) {
  torch::Dtype dt = half ? torch::kHalf : torch::kFloat;
  auto q = torch::randn({2, 3, 4}).to(dt);
  if (dt != torch::kFloat)
    q = q.to(torch::kFloat);
  torch::bmm(q, q.transpose(1, 2));
}

