// RUN: %check_clang_tidy %s torchdtype-mps-float64 %t
#include <torch/torch.h>

void default_dtype_double() {
  torch::set_default_dtype(caffe2::TypeMeta::Make<double>());
  auto a = torch::randn({2}, torch::device(torch::kMPS));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: float64 tensor on an MPS device; MPS has no float64 support and this throws at run time{{.*}} [kb: pytorch/mps-float64] [torchdtype-mps-float64]
  auto b = torch::ones({2}, torch::TensorOptions().dtype(torch::kFloat).device(torch::kMPS));
  torch::set_default_dtype(caffe2::TypeMeta::Make<float>());
  auto c = torch::zeros({2}, torch::kMPS);
}

// The default dtype given as caffe2::TypeMeta::fromScalarType(kDouble).
void default_dtype_from_a_scalar_type() {
  torch::set_default_dtype(caffe2::TypeMeta::fromScalarType(torch::kDouble));
  auto a = torch::randn({2}, torch::device(torch::kMPS));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: float64 tensor on an MPS device{{.*}} [torchdtype-mps-float64]
  torch::set_default_dtype(caffe2::TypeMeta::fromScalarType(torch::kFloat));
  auto c = torch::zeros({2}, torch::kMPS);
}

void default_dtype_unknown_at_entry() {
  // Called after the default dtype was changed (below), so the default dtype
  // is unknown here: it may be float32 or float64, and nothing is reported.
  auto a = torch::randn({2}, torch::kMPS);
}

void changes_default_then_calls() {
  torch::set_default_dtype(caffe2::TypeMeta::Make<double>());
  default_dtype_unknown_at_entry();
}
