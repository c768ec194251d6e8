// RUN: %check_clang_tidy %s torchdtype-module-input-dtype,torchdtype-mixed-precision %t
// Under autocast, the tensors of a list argument are operands of the op as
// the others are: CPU autocast's promote list holds cat and stack, which
// give the widest dtype of the list's tensors, and autocast never casts a
// float64 tensor. A float64 batch stacked inside the region still meets
// the layer's weights cast to bfloat16 (observed on 1.13.1: linear throws
// "mat1 and mat2 must have the same dtype"). A vector nothing was put in on
// a path gives stack nothing to cast there (stack throws).
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <vector>

// ---- Positives ------------------------------------------------------------

void braced_list_of_float64(const torch::Tensor &t) {
  torch::nn::Linear fc(4, 2);
  at::autocast::set_cpu_enabled(true);
  torch::Tensor row = t.to(torch::kDouble);
  auto y = fc(torch::stack({row, row}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module 'fc' has Float parameters but gets a Double input{{.*}} [torchdtype-module-input-dtype]
  at::autocast::set_cpu_enabled(false);
}

torch::Tensor collate(const std::vector<std::vector<double>> &rows) {
  std::vector<torch::Tensor> feats;
  for (const auto &r : rows)
    feats.push_back(torch::from_blob(const_cast<double *>(r.data()), {4},
                                     torch::kFloat64));
  return torch::stack(feats);
}
void vector_filled_in_a_loop_by_a_helper(
    const std::vector<std::vector<double>> &rows) {
  torch::nn::Linear fc(4, 2);
  at::autocast::set_cpu_enabled(true);
  auto y = fc(collate(rows));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module 'fc' has Float parameters but gets a Double input{{.*}} [torchdtype-module-input-dtype]
  at::autocast::set_cpu_enabled(false);
}

template <typename T> void templated(const T &t) {
  torch::nn::Linear fc(4, 2);
  at::autocast::set_cpu_enabled(true);
  auto y = fc(torch::cat({t.to(torch::kDouble), t.to(torch::kDouble)}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module 'fc' has Float parameters but gets a Double input{{.*}} [torchdtype-module-input-dtype]
  at::autocast::set_cpu_enabled(false);
}
template void templated<torch::Tensor>(const torch::Tensor &);

// ---- Negatives ------------------------------------------------------------

// float32 rows: stack gives float32, which autocast casts with the weights.
void float32_rows_are_cast(const torch::Tensor &t) {
  torch::nn::Linear fc(4, 2);
  at::autocast::set_cpu_enabled(true);
  std::vector<torch::Tensor> rows{t.to(torch::kFloat), t.to(torch::kFloat)};
  auto y = fc(torch::stack(rows));
  at::autocast::set_cpu_enabled(false);
}

// Rows of dtypes the path does not know: nothing is said.
void rows_unknown(const std::vector<torch::Tensor> &rows) {
  torch::nn::Linear fc(4, 2);
  at::autocast::set_cpu_enabled(true);
  auto y = fc(torch::stack(rows));
  at::autocast::set_cpu_enabled(false);
}

// Outside a region the list's dtype is what the op gives, and a float64
// stack is converted before the layer.
void converted_first(const torch::Tensor &t) {
  torch::nn::Linear fc(4, 2);
  at::autocast::set_cpu_enabled(true);
  torch::Tensor row = t.to(torch::kDouble);
  auto y = fc(torch::stack({row, row}).to(torch::kFloat));
  at::autocast::set_cpu_enabled(false);
}
