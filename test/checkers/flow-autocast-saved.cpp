// RUN: %check_clang_tidy %s torchdtype-mixed-precision %t
// A function that saves whether autocast is on (`is_cpu_enabled()` in a
// variable nothing changes), turns it on, and gives the saved state back:
// the setter restores what the path had when the query ran, so the caller
// has its autocast state back, and the results made inside have the
// region's dtype.
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
torch::Tensor encode_with_amp(torch::nn::Linear &enc, const torch::Tensor &x) {
  const bool prev = at::autocast::is_cpu_enabled();
  at::autocast::set_cpu_enabled(true);
  auto out = enc->forward(x);
  at::autocast::set_cpu_enabled(prev);
  return out;
}

void saved_state_given_back() {
  torch::nn::Linear enc(8, 4);
  auto q = encode_with_amp(enc, torch::randn({2, 8}));
  auto s = torch::mm(q, torch::randn({4, 4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets BFloat16 and Float{{.*}} [torchdtype-mixed-precision]
}

void saved_state_given_back_inside_a_region() {
  // Called where autocast is on, it stays on: mm casts both operands.
  torch::nn::Linear enc(8, 4);
  at::autocast::set_cpu_enabled(true);
  auto q = encode_with_amp(enc, torch::randn({2, 8}));
  auto s = torch::mm(q, torch::randn({4, 4}));
  at::autocast::set_cpu_enabled(false);
}

template <typename Fn> auto with_cpu_amp(Fn &&fn) -> decltype(fn()) {
  const bool prev = at::autocast::is_cpu_enabled();
  at::autocast::set_cpu_enabled(true);
  auto out = fn();
  at::autocast::set_cpu_enabled(prev);
  return out;
}

void lambda_run_in_a_region() {
  torch::nn::Linear enc(8, 4);
  auto x = torch::randn({2, 8});
  auto q = with_cpu_amp([&] { return enc->forward(x); });
  auto s = torch::mm(q, torch::randn({4, 4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets BFloat16 and Float{{.*}} [torchdtype-mixed-precision]
}

void saved_state_in_a_loop() {
  torch::nn::Linear enc(8, 4);
  for (int i = 0; i < 3; ++i) {
    auto q = encode_with_amp(enc, torch::randn({2, 8}));
    auto s = torch::mm(q, torch::randn({4, 4}));
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'mm' requires operands of the same dtype but gets BFloat16 and Float{{.*}} [torchdtype-mixed-precision]
  }
}

torch::Tensor reassigned_saved_flag(torch::nn::Linear &enc, bool force) {
  // The saved flag changes before it is given back: nothing is known.
  bool prev = at::autocast::is_cpu_enabled();
  at::autocast::set_cpu_enabled(true);
  auto out = enc->forward(torch::randn({2, 8}));
  if (force)
    prev = true;
  at::autocast::set_cpu_enabled(prev);
  return out;
}

void after_a_reassigned_flag(bool force) {
  torch::nn::Linear enc(8, 4);
  auto q = reassigned_saved_flag(enc, force);
  if (!force)
    auto s = torch::mm(q, torch::randn({4, 4}));
}
