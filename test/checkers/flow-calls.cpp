// RUN: %check_clang_tidy %s torchdtype-mixed-precision %t
// Ops in the user's functions are judged with each caller's facts: the
// warning stands at the op, with notes where the facts were set and at the
// calls that lead there.
#include <torch/torch.h>

bool flag();

torch::Tensor project(const torch::Tensor &features, const torch::Tensor &head) {
  return torch::mm(features, head);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'mm' requires operands of the same dtype but gets Half and Float; this throws at run time{{.*}} [kb: pytorch/mm-kernel-dtype-mismatch] [torchdtype-mixed-precision]
}

torch::Tensor evaluate(const torch::Tensor &features) {
  auto head = torch::randn({16, 10});
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:15: note: operand 'head' has dtype Float from here
  return project(features.contiguous(), head);
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:10: note: in this call of 'project'
}

void run_eval() {
  auto exported = torch::randn({8, 16}).to(torch::kHalf);
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:41: note: operand 'features' has dtype Half from here
  evaluate(exported);
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:3: note: in this call of 'evaluate'
}

// Quiet: the callee aligns its operands, or no caller breaks the rule.
torch::Tensor aligned(const torch::Tensor &x, const torch::Tensor &w) {
  return torch::mm(x.to(w.scalar_type()), w);
}
torch::Tensor plain(const torch::Tensor &x, const torch::Tensor &w) {
  return torch::mm(x, w);
}

void quiet(torch::Tensor from_outside) {
  auto w = torch::randn({4, 4});
  auto h = torch::randn({4, 4}, torch::kHalf);
  aligned(h, w);
  plain(w, w);
  plain(h, h);
  plain(from_outside, w);
  plain(flag() ? h : w, w);
}

// A lambda called with operands that agree stays quiet.
void lambda_calls() {
  auto w = torch::randn({4, 4});
  auto apply = [&](const torch::Tensor &x) { return torch::mm(x, w); };
  apply(w);
}

// Templates: each instantiation is judged with its callers' facts.
template <typename T> torch::Tensor scale_and_project(const torch::Tensor &x, const torch::Tensor &w, T s) {
  return torch::mm(x, w) * s;
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'mm' requires operands of the same dtype but gets Float and Double; this throws at run time{{.*}} [kb: pytorch/mm-kernel-dtype-mismatch] [torchdtype-mixed-precision]
}

void templates() {
  auto w = torch::randn({4, 4});
  auto d = torch::randn({4, 4}, torch::kDouble);
  scale_and_project(w, w, 2);
  scale_and_project(w, d, 0.5);
}

// Macros: the call may come from a macro; the warning stays at the op.
#define PROJECT(x, w) project((x), (w))
void macro_call() {
  auto w = torch::randn({4, 4});
  auto h = torch::randn({4, 4}, torch::kHalf);
  PROJECT(h, w);
}
