// Fix-it: a float64 tensor moved to MPS is converted to float32 in the same
// to() call; factories and options get the note only.
// RUN: %check_clang_tidy %s torchdtype-mps-float64 %t
#include <torch/torch.h>

void fixes() {
  auto d = torch::randn({2}, torch::kDouble);
  auto m1 = d.to(torch::Device("mps"));
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: float64 tensor on an MPS device
  // CHECK-FIXES: {{^}}  auto m1 = d.to(torch::Device("mps"), at::kFloat);{{$}}
  auto m2 = d.to(torch::kMPS);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: float64 tensor on an MPS device
  // CHECK-FIXES: {{^}}  auto m2 = d.to(torch::kMPS, at::kFloat);{{$}}
  auto m3 = torch::zeros({2}, torch::TensorOptions().dtype(torch::kDouble).device(torch::kMPS));
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: float64 tensor on an MPS device
  // CHECK-FIXES: {{^}}  auto m3 = torch::zeros({2}, torch::TensorOptions().dtype(torch::kDouble).device(torch::kMPS));{{$}}
}
