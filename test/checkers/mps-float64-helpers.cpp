// A float64 tensor reaching MPS through a user helper: inside the helper the
// dtype is unknown, so only the call site can see the problem; the helper's
// summary is applied there.
// RUN: %check_clang_tidy %s torchdtype-mps-float64 %t
#include <torch/torch.h>

torch::Tensor to_mps(const torch::Tensor& t) { return t.to(torch::kMPS); }

void through_helper() {
  auto d = torch::randn({2}, torch::kDouble);
  auto a = to_mps(d);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: float64 tensor on an MPS device; MPS has no float64 support and this throws at run time{{.*}} [kb: pytorch/mps-float64] [torchdtype-mps-float64]
  auto f = to_mps(torch::randn({2}));
}
