// RUN: %check_clang_tidy %s torchdtype-inplace-dtype,torchdtype-mixed-precision %t
// torchdtype-inplace-dtype, a number on the left of -, / or %: LibTorch's
// C++ operators run `x / t` as empty_like(t).fill_(x).div_(t) (api.json
// "reverse_scalar_operators", from ATen/TensorOperators.h), so the result
// keeps t's dtype, and true division of an integer t throws (runtime cases
// scalar_div_by_i64_tensor_throws, scalar_minus_i64_tensor_stays_long_runs).
// `x + t` and `x * t` are t.add(x) and t.mul(x): they promote.
#include <torch/torch.h>

// ---- Positives ------------------------------------------------------------

void reciprocal_of_counts() {
  auto counts = torch::ones({4}, torch::kLong);
  auto inv = 1.0 / counts;
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'div_' on 'counts' of dtype Long with true division gives a Float result that cannot be cast back to Long; this throws at run time{{.*}} [kb: pytorch/result-type-cast] [torchdtype-inplace-dtype]
  // CHECK-MESSAGES: :[[@LINE-2]]:14: note: a number on the left of a tensor runs in place on a tensor of its dtype: empty_like(counts).fill_(number).div_(counts)
  // CHECK-MESSAGES: :[[@LINE-4]]:34: note: 'counts' has dtype Long from here
  // CHECK-MESSAGES: :[[@LINE-4]]:14: note: fix: Divide a floating tensor: {{.*}}
}

void integer_numerator() {
  auto ids = torch::arange(1, 9);
  auto w = 1 / ids;
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'div_' on 'ids' of dtype Long with true division {{.*}} [torchdtype-inplace-dtype]
}

torch::Tensor inverse_counts(const torch::Tensor &t) {
  return 1.0 / t;
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'div_' on 't' of dtype Int with true division {{.*}} [torchdtype-inplace-dtype]
}

void through_a_helper() {
  auto w = inverse_counts(torch::ones({3}, torch::kInt));
  auto ok = inverse_counts(torch::ones({3}));
}

void in_a_branch(bool smooth) {
  auto counts = torch::zeros({4}, torch::kLong);
  if (smooth)
    counts = counts.to(torch::kFloat) + 1;
  auto inv = 1.0 / counts;
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'div_' on 'counts' of dtype Long with true division {{.*}} [torchdtype-inplace-dtype]
  // CHECK-MESSAGES: :[[@LINE-4]]:7: note: assuming 'smooth' is false
}

void in_a_loop_and_lambda() {
  std::vector<torch::Tensor> hist = {torch::zeros({4}, torch::kLong)};
  for (int i = 0; i < 3; ++i) {
    auto c = torch::ones({4}, torch::kInt);
    auto r = 2.0 / c;
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'div_' on 'c' of dtype Int with true division {{.*}} [torchdtype-inplace-dtype]
  }
  auto norm = [](const torch::Tensor &n) { return 1.0 / n; };
  auto x = norm(torch::ones({2}));
}

template <typename T> torch::Tensor inverse_of(const T &n) { return 1.0 / n; }
// CHECK-MESSAGES: :[[@LINE-1]]:69: warning: 'div_' on 'n' of dtype Long with true division {{.*}} [torchdtype-inplace-dtype]

void instantiated() { auto y = inverse_of(torch::arange(3)); }

#define INV(t) (1.0 / (t))
void through_a_macro() {
  auto c = torch::arange(1, 4);
  auto y = INV(c);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'div_' on 'c' of dtype Long with true division {{.*}} [torchdtype-inplace-dtype]
}

// ---- Negatives ------------------------------------------------------------

void floating_tensor_negative() {
  auto scale = torch::rand({4}) + 0.5;
  auto inv = 1.0 / scale;
  auto halves = 2.0 / torch::ones({4}, torch::kDouble);
}

void floating_copy_negative() {
  auto counts = torch::ones({4}, torch::kLong);
  auto inv = 1.0 / counts.to(torch::kFloat);
}

void subtraction_stays_integer_negative() {
  auto ids = torch::arange(8);
  auto rev = 7 - ids;
  auto mul = 0.5 * ids; // promotes: ids.mul(0.5)
  auto sum = 1.5 + ids;
}

// `1.5 - ids` is int64 in C++ (fill_ truncates): an embedding index.
void scalar_minus_keeps_long_negative() {
  auto weight = torch::randn({10, 4});
  auto ids = torch::arange(3);
  auto shifted = 1.5 - ids;
  auto e = torch::embedding(weight, shifted.abs());
}

// ... and the result meets a float64 tensor as int64 would.
void scalar_minus_keeps_float32_negative() {
  auto x = torch::randn({2, 3});
  auto y = 1.0 - x;
  auto z = torch::mm(y, torch::randn({3, 2}));
}
