// RUN: %check_clang_tidy %s torchdtype-autocast-unsafe-op %t
// RUN: %check_clang_tidy %s torchdtype-autocast-unsafe-op %t -- -config="{CheckOptions: {PyTorchVersion: '1.13'}}"
#include <torch/torch.h>
#include <ATen/autocast_mode.h>

namespace F = torch::nn::functional;
bool flag();

// ---- Positives: the 1.x switch ----------------------------------------------

void legacy_switch_cuda_tensors() {
  at::autocast::set_enabled(true);
  auto opts = torch::TensorOptions().device(torch::kCUDA);
  auto prob = torch::rand({4}, opts);
  auto target = torch::ones({4}, opts);
  auto a = torch::binary_cross_entropy(prob, target);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'binary_cross_entropy' is refused inside a cuda autocast region; this throws at run time{{.*}} [kb: pytorch/autocast-bce-unsafe] [torchdtype-autocast-unsafe-op]
  auto b = F::binary_cross_entropy(prob, target);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'binary_cross_entropy' is refused inside a cuda autocast region; this throws at run time{{.*}} [kb: pytorch/autocast-bce-unsafe] [torchdtype-autocast-unsafe-op]
  torch::nn::BCELoss bce;
  auto c = bce(prob, target);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'binary_cross_entropy' is refused inside a cuda autocast region; this throws at run time{{.*}} [kb: pytorch/autocast-bce-unsafe] [torchdtype-autocast-unsafe-op]
  at::autocast::set_enabled(false);
}

void legacy_switch_unknown_device(const torch::Tensor& prob, const torch::Tensor& target) {
  at::autocast::set_enabled(true);
  auto a = torch::binary_cross_entropy(prob, target);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'binary_cross_entropy' is refused inside a cuda autocast region; this throws at run time{{.*}} [kb: pytorch/autocast-bce-unsafe] [torchdtype-autocast-unsafe-op]
  at::autocast::set_enabled(false);
}

// ---- Positives: the 2.4+ switch ---------------------------------------------

void new_switch(const torch::Tensor& prob, const torch::Tensor& target) {
  at::autocast::set_autocast_enabled(at::kCUDA, true);
  auto a = F::binary_cross_entropy(prob, target);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'binary_cross_entropy' is refused inside a cuda autocast region; this throws at run time{{.*}} [kb: pytorch/autocast-bce-unsafe] [torchdtype-autocast-unsafe-op]
  auto p = prob.cuda();
  auto t = target.to(torch::kCUDA);
  torch::nn::BCELoss bce;
  auto b = bce->forward(p, t);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'binary_cross_entropy' is refused inside a cuda autocast region; this throws at run time{{.*}} [kb: pytorch/autocast-bce-unsafe] [torchdtype-autocast-unsafe-op]
  at::autocast::set_autocast_enabled(at::kCUDA, false);
}

// ---- Flow: guards, helpers, lambdas, templates, macros, loops -------------------

struct CudaAutocast {
  CudaAutocast() { at::autocast::set_enabled(true); }
  ~CudaAutocast() { at::autocast::set_enabled(false); }
};

void guard_struct(const torch::Tensor& prob, const torch::Tensor& target) {
  {
    CudaAutocast guard;
    auto a = torch::binary_cross_entropy(prob, target);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'binary_cross_entropy' is refused inside a cuda autocast region; this throws at run time{{.*}} [kb: pytorch/autocast-bce-unsafe] [torchdtype-autocast-unsafe-op]
  }
  auto b = torch::binary_cross_entropy(prob, target);  // the guard is gone
}

void enable_cuda_autocast() { at::autocast::set_enabled(true); }

void through_helper(const torch::Tensor& prob, const torch::Tensor& target) {
  enable_cuda_autocast();
  auto a = torch::binary_cross_entropy(prob, target);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'binary_cross_entropy' is refused inside a cuda autocast region; this throws at run time{{.*}} [kb: pytorch/autocast-bce-unsafe] [torchdtype-autocast-unsafe-op]
  at::autocast::set_enabled(false);
}

void in_lambda(const torch::Tensor& prob, const torch::Tensor& target) {
  at::autocast::set_enabled(true);
  auto loss = [&]() { return F::binary_cross_entropy(prob, target); };
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: 'binary_cross_entropy' is refused inside a cuda autocast region; this throws at run time{{.*}} [kb: pytorch/autocast-bce-unsafe] [torchdtype-autocast-unsafe-op]
  loss();
  at::autocast::set_enabled(false);
}

template <bool On>
torch::Tensor bce_maybe_autocast(const torch::Tensor& prob, const torch::Tensor& target) {
  at::autocast::set_enabled(On);
  auto l = torch::binary_cross_entropy(prob, target);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'binary_cross_entropy' is refused inside a cuda autocast region; this throws at run time{{.*}} [kb: pytorch/autocast-bce-unsafe] [torchdtype-autocast-unsafe-op]
  at::autocast::set_enabled(false);
  return l;
}

void templates(const torch::Tensor& prob, const torch::Tensor& target) {
  bce_maybe_autocast<true>(prob, target);
  bce_maybe_autocast<false>(prob, target);
}

#define BCE(p, t) torch::binary_cross_entropy((p), (t))
void in_macro(const torch::Tensor& prob, const torch::Tensor& target) {
  at::autocast::set_enabled(true);
  auto l = BCE(prob, target);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'binary_cross_entropy' is refused inside a cuda autocast region; this throws at run time{{.*}} [kb: pytorch/autocast-bce-unsafe] [torchdtype-autocast-unsafe-op]
  at::autocast::set_enabled(false);
}

void in_loop(const torch::Tensor& prob, const torch::Tensor& target) {
  at::autocast::set_enabled(true);
  for (int i = 0; i < 3; ++i) {
    auto l = torch::binary_cross_entropy(prob, target);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'binary_cross_entropy' is refused inside a cuda autocast region; this throws at run time{{.*}} [kb: pytorch/autocast-bce-unsafe] [torchdtype-autocast-unsafe-op]
  }
  at::autocast::set_enabled(false);
}

// ---- Negatives --------------------------------------------------------------

void cpu_autocast(const torch::Tensor& prob, const torch::Tensor& target) {
  // binary_cross_entropy runs under CPU autocast (the refusal is CUDA/XPU only).
  at::autocast::set_cpu_enabled(true);
  auto a = torch::binary_cross_entropy(prob, target);
  at::autocast::set_cpu_enabled(false);
  at::autocast::set_autocast_enabled(at::kCPU, true);
  auto b = F::binary_cross_entropy(prob, target);
  at::autocast::set_autocast_enabled(at::kCPU, false);
}

void cpu_tensors_under_cuda_autocast() {
  // CUDA autocast does not touch CPU tensors.
  at::autocast::set_enabled(true);
  auto prob = torch::rand({4});
  auto target = torch::ones({4});
  auto a = torch::binary_cross_entropy(prob, target);
  torch::nn::BCELoss bce;
  auto b = bce(prob, target);
  at::autocast::set_enabled(false);
}

void with_logits(const torch::Tensor& logits, const torch::Tensor& target) {
  at::autocast::set_enabled(true);
  auto a = torch::binary_cross_entropy_with_logits(logits, target);
  auto b = F::binary_cross_entropy_with_logits(logits, target);
  torch::nn::BCEWithLogitsLoss loss;
  auto c = loss(logits, target);
  at::autocast::set_enabled(false);
}

void after_autocast_is_off(const torch::Tensor& prob, const torch::Tensor& target) {
  at::autocast::set_enabled(true);
  at::autocast::set_enabled(false);
  auto a = torch::binary_cross_entropy(prob, target);
  at::autocast::set_autocast_enabled(at::kCUDA, true);
  at::autocast::set_autocast_enabled(at::kCUDA, false);
  auto b = torch::binary_cross_entropy(prob, target);
}

void autocast_off_by_default(const torch::Tensor& prob, const torch::Tensor& target) {
  auto a = torch::binary_cross_entropy(prob, target);
}

void autocast_state_from_a_flag(const torch::Tensor& prob, const torch::Tensor& target, bool on) {
  // The flag splits the path, as `if (on) set_enabled(true);` would.
  at::autocast::set_enabled(on);
  auto a = torch::binary_cross_entropy(prob, target);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'binary_cross_entropy' is refused inside a cuda autocast region{{.*}} [torchdtype-autocast-unsafe-op]
  at::autocast::set_enabled(false);
}

void autocast_state_unknown(const torch::Tensor& prob, const torch::Tensor& target) {
  at::autocast::set_enabled(prob.numel() > 4); // not a flag: not known
  auto a = torch::binary_cross_entropy(prob, target);
  at::autocast::set_enabled(false);
  if (flag())
    at::autocast::set_enabled(true);
  auto b = torch::binary_cross_entropy(prob, target);
  at::autocast::set_enabled(false);
}

void switched_by_device_variable(const torch::Tensor& prob, const torch::Tensor& target, c10::DeviceType dev) {
  at::autocast::set_autocast_enabled(dev, true);
  auto a = torch::binary_cross_entropy(prob, target);
  at::autocast::set_autocast_enabled(dev, false);
}
