// RUN: %check_clang_tidy %s torchdtype-mixed-precision %t
// How many dimensions a tensor has at least: a 0-dim tensor does not widen
// a dimensioned one of its category (float32 - a float64 0-dim tensor is
// float32), a dimensioned one does. Factories count their sizes, a
// reduction drops the dimensions it is given (keepdim keeps them, none
// given drops all), unsqueeze adds one, elementwise ops and transposes keep
// them, and view, reshape and select leave one known. Each case's result
// dtype was observed on 1.13.1 (Python on the same LibTorch).
#include <torch/torch.h>

void mean_over_rows_stays_a_vector() {
  auto mean = torch::randn({8, 4}, torch::kDouble).mean(0);
  auto z = torch::randn({5, 4}) - mean; // float64
  auto y = torch::mm(z, torch::randn({4, 3}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
}

// A window function gives a vector of its length, so a float64 window
// widens the float32 frames it weights.
void float64_window_widens_frames() {
  auto window = torch::hann_window(8, torch::TensorOptions().dtype(torch::kFloat64));
  auto weighted = torch::randn({3, 8}) * window; // float64
  auto y = torch::mm(weighted, torch::randn({8, 2}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
}

void mean_over_all_is_a_scalar_negative() {
  auto mean = torch::randn({8, 4}, torch::kDouble).mean();
  auto z = torch::randn({5, 4}) - mean; // float32
  auto y = torch::mm(z, torch::randn({4, 3}));
}

void reducing_a_vector_leaves_a_scalar_negative() {
  auto total = torch::randn({4}, torch::kDouble).sum(0);
  auto z = torch::randn({5, 4}) - total; // float32
  auto y = torch::mm(z, torch::randn({4, 3}));
}

void both_dimensions_reduced_negative() {
  auto total = torch::randn({8, 4}, torch::kDouble).sum(0).sum(0);
  auto z = torch::randn({5, 4}) - total;
  auto y = torch::mm(z, torch::randn({4, 3}));
}

void keepdim_keeps_them() {
  auto rows = torch::randn({5, 4}, torch::kDouble).sum(1, /*keepdim=*/true);
  auto z = torch::randn({5, 4}) - rows;
  auto y = torch::mm(z, torch::randn({4, 3}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
}

void select_then_reduce_negative() {
  // select leaves one dimension known: summing it leaves a 0-dim tensor.
  auto row = torch::randn({8, 4}, torch::kDouble).select(0, 1).sum(0);
  auto z = torch::randn({5, 4}) - row;
  auto y = torch::mm(z, torch::randn({4, 3}));
}

void unsqueeze_adds_one() {
  auto total = torch::randn({4}, torch::kDouble).sum(0).unsqueeze(0);
  auto z = torch::randn({5, 4}) - total;
  auto y = torch::mm(z, torch::randn({4, 3}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
}

void elementwise_keeps_them() {
  auto scale = torch::randn({8, 4}, torch::kDouble).mean(0).sqrt().abs();
  auto z = torch::randn({5, 4}) / scale;
  auto y = torch::mm(z, torch::randn({4, 3}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
}

template <typename T> torch::Tensor centered(const torch::Tensor &x, T ref) {
  return x - ref.mean(0);
}

void in_a_template() {
  auto z = centered(torch::randn({5, 4}), torch::randn({8, 4}, torch::kDouble));
  auto y = torch::mm(z, torch::randn({4, 3}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
}

void in_a_lambda_negative() {
  auto center = [](const torch::Tensor &x) { return x - x.mean(); };
  auto z = center(torch::randn({5, 4}));
  auto y = torch::mm(z, torch::randn({4, 3}));
}

#define COLUMN_MEAN(t) (t).mean(0)

void through_a_macro() {
  auto z = torch::randn({5, 4}) - COLUMN_MEAN(torch::randn({8, 4}, torch::kDouble));
  auto y = torch::mm(z, torch::randn({4, 3}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
}

void on_one_branch(bool wide) {
  auto ref = torch::randn({8, 4});
  if (wide)
    ref = ref.to(torch::kDouble);
  auto z = torch::randn({5, 4}) - ref.mean(0);
  auto y = torch::mm(z, torch::randn({4, 3}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
}

void in_a_loop_negative() {
  auto acc = torch::zeros({4});
  for (int i = 0; i < 3; ++i)
    acc = acc + torch::randn({8, 4}, torch::kDouble).mean().to(torch::kFloat);
  auto y = torch::mm(acc.unsqueeze(0), torch::randn({4, 3}));
}

// A helper's result: its summary cannot tell a column mean from a 0-dim
// one (its parameter's dimensions are unknown there); the call's argument
// can.
torch::Tensor column_mean(const torch::Tensor &x) {
  return x.to(torch::kDouble).mean(0);
}

std::pair<torch::Tensor, torch::Tensor> moments(const torch::Tensor &x) {
  auto wide = x.to(torch::kDouble);
  return {wide.mean(0), wide.mean()};
}

void helper_result_of_a_matrix() {
  auto z = torch::randn({5, 4}) - column_mean(torch::randn({8, 4}));
  auto y = torch::mm(z, torch::randn({4, 3}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
}

void helper_result_of_a_vector_negative() {
  auto z = torch::randn({5, 4}) - column_mean(torch::randn({4}));
  auto y = torch::mm(z, torch::randn({4, 3}));
}

void pair_of_moments() {
  auto [mean, overall] = moments(torch::randn({8, 4}));
  auto centered = torch::randn({5, 4}) - overall; // 0-dim: float32
  auto y = torch::mm(centered, torch::randn({4, 3}));
  auto shifted = torch::randn({5, 4}) - mean; // float64
  auto w = torch::mm(shifted, torch::randn({4, 3}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
}
