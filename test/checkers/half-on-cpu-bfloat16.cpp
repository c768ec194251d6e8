// torchdtype-half-on-cpu, bfloat16: ops with no CPU bfloat16 kernel in 1.13
// (cpu_half.json "1.13".bfloat16). A CPU autocast region is where bfloat16
// tensors usually come from: mm, matmul, linear and conv return bfloat16
// there, and ops on no list then run in it. 2.x lists are not read: quiet.
// RUN: %check_clang_tidy -check-suffix=V113 %s torchdtype-half-on-cpu %t -- -config="{CheckOptions: {PyTorchVersion: '1.13'}}"
// RUN: %check_clang_tidy -check-suffix=V26 %s torchdtype-half-on-cpu %t -- -config="{CheckOptions: {PyTorchVersion: '2.6'}}"
#include <torch/torch.h>
#include <ATen/autocast_mode.h>

bool flag();

// ---- Positives ------------------------------------------------------------

void bfloat16_tensors() {
  auto emb = torch::randn({8, 4}, torch::kBFloat16);
  auto d = torch::pdist(emb);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'pdist' has no CPU kernel for bfloat16 in PyTorch 1.13; this throws at run time: ""pdist" not implemented for 'BFloat16'" [kb: pytorch/dtype-not-implemented] [torchdtype-half-on-cpu]
  // CHECK-MESSAGES-V113: :[[@LINE-3]]:35: note: operand 'emb' has dtype BFloat16 from here
  // CHECK-MESSAGES-V113: :[[@LINE-3]]:12: note: fix: Run the op in float32: convert its bfloat16 operand where it enters the op: {{.*}}
  auto cov = torch::randn({4, 4}).to(torch::kBFloat16);
  auto sd = torch::linalg_slogdet(cov);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:13: warning: 'linalg_slogdet' has no CPU kernel for bfloat16 in PyTorch 1.13; this throws at run time: "linalg.slogdet: Low precision dtypes not supported. Got BFloat16" [kb: pytorch/dtype-not-implemented] [torchdtype-half-on-cpu]
  auto a = torch::mish(emb);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'mish' has no CPU kernel for bfloat16 in PyTorch 1.13; this throws at run time: ""mish_cpu" not implemented for 'BFloat16'" [kb: pytorch/dtype-not-implemented] [torchdtype-half-on-cpu]
  auto t = torch::trace(cov);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'trace' has no CPU kernel for bfloat16 in PyTorch 1.13; {{.*}}
}

void autocast_results() {
  auto x = torch::randn({8, 16}), w = torch::randn({4, 16});
  at::autocast::set_cpu_enabled(true);
  auto emb = torch::linear(x, w); // bfloat16 here
  auto d = torch::pdist(emb);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'pdist' has no CPU kernel for bfloat16 in PyTorch 1.13; {{.*}}
  at::autocast::set_cpu_enabled(false);
}

// The op in a helper, the bfloat16 tensor from its caller's region.
torch::Tensor diversity(const torch::Tensor &e) {
  return torch::pdist(e).mean();
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:10: warning: 'pdist' has no CPU kernel for bfloat16 in PyTorch 1.13; {{.*}}
}
void through_a_helper() {
  auto x = torch::randn({8, 16}), w = torch::randn({4, 16});
  at::autocast::set_cpu_enabled(true);
  auto emb = torch::mm(x, w.t());
  auto p = diversity(emb);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: note: in this call of 'diversity'
  at::autocast::set_cpu_enabled(false);
}

void on_one_branch(bool low) {
  auto m = torch::randn({4, 4});
  if (low)
    m = m.to(torch::kBFloat16);
  auto i = torch::inverse(m);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'inverse' has no CPU kernel for bfloat16 in PyTorch 1.13; {{.*}}
  // CHECK-MESSAGES-V113: :[[@LINE-4]]:7: note: assuming 'low' is true
}

template <typename T> torch::Tensor spread(const T &emb) {
  return torch::pdist(emb);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:10: warning: 'pdist' has no CPU kernel for bfloat16 in PyTorch 1.13; {{.*}}
}
void in_a_template() {
  auto d = spread(torch::ones({3, 2}, torch::kBFloat16));
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: note: in this call of 'spread'
}

void in_a_lambda() {
  auto f = [] {
    auto e = torch::ones({3, 2}, torch::kBFloat16);
    return torch::pdist(e);
    // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'pdist' has no CPU kernel for bfloat16 in PyTorch 1.13; {{.*}}
  };
  f();
}

#define PAIRWISE(X) torch::pdist(X)
void in_a_macro() {
  auto e = torch::ones({3, 2}, torch::kBFloat16);
  auto d = PAIRWISE(e);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'pdist' has no CPU kernel for bfloat16 in PyTorch 1.13; {{.*}}
}

void in_a_loop() {
  auto e = torch::ones({3, 2});
  for (int i = 0; i < 3; ++i) {
    auto d = torch::pdist(e);
    // CHECK-MESSAGES-V113: :[[@LINE-1]]:14: warning: 'pdist' has no CPU kernel for bfloat16 in PyTorch 1.13; {{.*}}
    // CHECK-MESSAGES-V113: :[[@LINE-3]]:21: note: on the second or a later iteration of this loop
    e = e.to(torch::kBFloat16);
  }
}

// ---- Negatives ------------------------------------------------------------

void kernels_that_exist() {
  auto a = torch::randn({4, 4}, torch::kBFloat16);
  auto b = torch::mm(a, a);
  auto c = torch::layer_norm(a, {4});
  auto d = torch::softmax(a, 1);
  auto e = torch::relu(a);
}

void float32_operands() {
  auto e = torch::randn({8, 4});
  auto d = torch::pdist(e);
  auto i = torch::inverse(torch::randn({4, 4}));
}

void converted_before_the_op() {
  auto x = torch::randn({8, 16}), w = torch::randn({4, 16});
  at::autocast::set_cpu_enabled(true);
  auto emb = torch::linear(x, w);
  auto d = torch::pdist(emb.to(torch::kFloat));
  at::autocast::set_cpu_enabled(false);
}

void autocast_runs_it_in_float32() {
  // cdist and inverse are on CPU autocast's float32 list in 1.13.
  auto x = torch::randn({8, 16}), w = torch::randn({4, 16});
  at::autocast::set_cpu_enabled(true);
  auto emb = torch::linear(x, w);
  auto d = torch::cdist(emb, emb);
  auto i = torch::inverse(torch::mm(x.t(), x));
  at::autocast::set_cpu_enabled(false);
}

void after_the_region() {
  auto x = torch::randn({8, 16}), w = torch::randn({4, 16});
  at::autocast::set_cpu_enabled(true);
  auto h = torch::linear(x, w);
  at::autocast::set_cpu_enabled(false);
  auto emb = torch::linear(x, w); // float32 again
  auto d = torch::pdist(emb);
}

void not_known(const torch::Tensor &e) { auto d = torch::pdist(e); }

void on_both_branches_converted(bool low) {
  auto m = torch::randn({4, 4});
  if (low)
    m = m.to(torch::kBFloat16);
  m = m.to(torch::kFloat);
  auto i = torch::inverse(m);
}
