// RUN: %check_clang_tidy %s torchdtype-out-dtype %t
#include <torch/torch.h>
#include <ATen/autocast_mode.h>

bool flag();

// ---- Positives ------------------------------------------------------------------

void positives() {
  auto a = torch::randn({2, 2});
  auto out = torch::empty({2, 2}, torch::kDouble);
  torch::mm_out(out, a, a);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm_out' needs out tensor 'out' of dtype Float but it has dtype Double; this throws at run time{{.*}} [kb: pytorch/out-dtype-mismatch] [torchdtype-out-dtype]
  // CHECK-MESSAGES: :[[@LINE-3]]:{{[0-9]+}}: note: out tensor 'out' has dtype Double from here
  // CHECK-MESSAGES: :[[@LINE-5]]:12: note: the result has the dtype of 'a', Float from here
  // CHECK-MESSAGES: :[[@LINE-4]]:3: note: fix: {{.*}}
  at::mm_outf(a, a, out);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm_outf' needs out tensor 'out' of dtype Float but it has dtype Double; {{.*}}
  torch::matmul_out(out, a, a);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'matmul_out' needs out tensor 'out' of dtype Float {{.*}}
  auto preds = torch::empty({2}, torch::kInt);
  at::argmax_out(preds, a, 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'argmax_out' needs out tensor 'preds' of dtype Long but it has dtype Int; {{.*}}
  // CHECK-MESSAGES: :[[@LINE-3]]:{{[0-9]+}}: note: out tensor 'preds' has dtype Int from here
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: 'argmax_out' writes indices, of dtype Long
  auto values = torch::empty({2, 1});
  auto indices = torch::empty({2, 1}, torch::kInt);
  at::topk_out(values, indices, a, 1, 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'topk_out' needs out tensor 'indices' of dtype Long but it has dtype Int; {{.*}}
  auto vals64 = torch::empty({2}, torch::kDouble);
  auto idx64 = torch::empty({2}, torch::kLong);
  at::max_out(vals64, idx64, a, 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'max_out' needs out tensor 'vals64' of dtype Float but it has dtype Double; {{.*}}
}

// ---- Negatives ------------------------------------------------------------------

void negatives(torch::Tensor unknown) {
  auto a = torch::randn({2, 2});
  auto out = torch::empty({2, 2});
  torch::mm_out(out, a, a);
  auto d = torch::empty({2, 2}, torch::kDouble);
  at::add_out(d, a, a);          // elementwise: casts into the out tensor
  at::sum_out(d, a, {1});        // reducing: takes the out dtype
  at::max_out(d, a, a);          // elementwise maximum
  at::softmax_out(d, a, 1, torch::kDouble); // explicit dtype
  torch::mm_out(unknown, a, a);  // unknown out dtype
  torch::mm_out(d, a, a.to(torch::kDouble)); // mixed inputs: mixed-precision's
  auto preds = torch::empty({2}, torch::kLong);
  at::argmax_out(preds, a, 1);
}

// ---- Calls, branches, loops, templates, lambdas, macros --------------------------

void project(torch::Tensor &buf, const torch::Tensor &x, const torch::Tensor &w) {
  torch::mm_out(buf, x, w);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm_out' needs out tensor 'buf' of dtype Float but it has dtype Half; {{.*}}
}

void calls() {
  auto buf = torch::empty({2, 2}, torch::kHalf);
  project(buf, torch::randn({2, 2}), torch::randn({2, 2}));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: in this call of 'project'
  auto ok = torch::empty({2, 2});
  project(ok, torch::randn({2, 2}), torch::randn({2, 2}));
}

void branches(bool compact) {
  auto logits = torch::randn({4, 3});
  torch::Tensor preds = torch::empty({4}, torch::kLong);
  if (compact)
    preds = torch::empty({4}, torch::kInt);
  at::argmax_out(preds, logits, 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'argmax_out' needs out tensor 'preds' of dtype Long but it has dtype Int; {{.*}}
  // CHECK-MESSAGES: :[[@LINE-4]]:7: note: assuming 'compact' is true
  auto maybe = torch::empty({4}, torch::kLong);
  if (flag())
    maybe = torch::empty({4}, torch::kInt);
  at::argmax_out(maybe, logits, 1); // Int on one path only: quiet
  auto acc = torch::empty({4, 4}, torch::kDouble);
  for (int i = 0; i < 3; ++i) {
    torch::mm_out(acc, logits.t(), logits.t());
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'mm_out' needs out tensor 'acc' of dtype Float but it has dtype Double; {{.*}}
  }
}

template <typename T> void into(torch::Tensor &o, const torch::Tensor &x) {
  torch::mm_out(o, x, x);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm_out' needs out tensor 'o' of dtype Double but it has dtype Float; {{.*}}
}

#define ARGMAX_INTO(o, x) at::argmax_out(o, x, 1)

void templates_lambdas_macros() {
  auto o = torch::empty({2, 2});
  into<float>(o, torch::randn({2, 2}, torch::kDouble));
  auto i32 = torch::empty({2}, torch::kInt);
  auto x = torch::randn({2, 2});
  auto f = [&] {
    at::argmax_out(i32, x, 1);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'argmax_out' needs out tensor 'i32' {{.*}}
  };
  f();
  ARGMAX_INTO(i32, x);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'argmax_out' needs out tensor 'i32' {{.*}}
}

// ---- Autocast: out= variants are not autocast; their inputs may be ---------------

void autocast_region() {
  torch::nn::Linear proj(8, 8);
  auto buf = torch::empty({4, 4});
  at::autocast::set_cpu_enabled(true);
  auto q = proj(torch::randn({4, 8}));
  torch::mm_out(buf, q, q.t());
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm_out' needs out tensor 'buf' of dtype BFloat16 but it has dtype Float; {{.*}}
  at::autocast::set_cpu_enabled(false);
}
