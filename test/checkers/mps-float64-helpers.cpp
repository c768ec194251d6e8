// A float64 tensor reaching MPS through a user helper: inside the helper the
// dtype is its parameter's, so the conversion is judged at each call with
// the caller's argument and reported where it throws, inside the helper,
// the call as its context (as ops in callees are). A call whose argument is
// float32 is quiet; so is the call itself (one warning, not two).
// RUN: %check_clang_tidy %s torchdtype-mps-float64 %t
#include <torch/torch.h>

torch::Tensor to_mps(const torch::Tensor& t) { return t.to(torch::kMPS); }
// CHECK-MESSAGES: :[[@LINE-1]]:55: warning: float64 tensor on an MPS device; MPS has no float64 support and this throws at run time{{.*}} [kb: pytorch/mps-float64] [torchdtype-mps-float64]
// CHECK-MESSAGES: :[[@LINE+7]]:12: note: in this call of 'to_mps'

// Two levels of helpers: the outer one's parameter reaches the inner one.
torch::Tensor upload(const torch::Tensor& t) { return to_mps(t) * 2; }

void through_helper() {
  auto d = torch::randn({2}, torch::kDouble);
  auto a = to_mps(d);
  auto f = to_mps(torch::randn({2}));
}

// A device chosen at run time: MPS on one path. The machine query the
// helper asks splits the caller's path (CallFlags.cpp), so on the path
// where it holds the float64 tensor goes to MPS.
torch::Device pick() { return at::hasMPS() ? torch::Device(torch::kMPS) : torch::Device(torch::kCPU); }
torch::Tensor place(const torch::Tensor& t, torch::Device dev) { return t.to(dev); }
// CHECK-MESSAGES: :[[@LINE-1]]:73: warning: float64 tensor on an MPS device; MPS has no float64 support and this throws at run time{{.*}} [torchdtype-mps-float64]
// CHECK-MESSAGES: :[[@LINE+3]]:12: note: in this call of 'place'

void chosen_device() {
  auto w = place(torch::randn({3}, torch::kDouble), pick());
  // A tensor taking its device and dtype from one placed so fails with it:
  // reported where w was placed, not again.
  auto x = torch::randn({3}).to(w.device()).to(w.scalar_type());
  // float32 on that device: fine on either path.
  auto y = place(torch::randn({3}), pick());
}

// A dtype chosen with the device (float32 where MPS): quiet, since the
// dtype is not float64 on every path.
torch::Dtype pickDType() { return at::hasMPS() ? torch::kFloat : torch::kDouble; }
void correlated() {
  auto z = torch::randn({3}, pickDType()).to(pick());
}

void through_two_helpers() {
  auto u = upload(torch::randn({2}, torch::kDouble));
}
