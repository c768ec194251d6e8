// RUN: %check_clang_tidy %s torchdtype-mps-float64 %t
#include <torch/torch.h>

void default_dtype_double() {
  torch::set_default_dtype(caffe2::TypeMeta::Make<double>());
  auto a = torch::randn({2}, torch::device(torch::kMPS));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: float64 tensor on an MPS device; MPS has no float64 support and this throws at run time [kb: mps-float64] [torchdtype-mps-float64]
  auto b = torch::ones({2}, torch::TensorOptions().dtype(torch::kFloat).device(torch::kMPS));
  torch::set_default_dtype(caffe2::TypeMeta::Make<float>());
  auto c = torch::zeros({2}, torch::kMPS);
}

void default_dtype_unknown_at_entry() {
  // This translation unit changes the default dtype, so a function that does
  // not set it itself cannot know it.
  auto a = torch::randn({2}, torch::kMPS);
}
