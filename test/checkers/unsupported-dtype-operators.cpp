// RUN: %check_clang_tidy -check-suffix=V113 %s torchdtype-unsupported-dtype %t -- -config="{CheckOptions: {PyTorchVersion: '1.13'}}"
// RUN: %check_clang_tidy -check-suffix=V214 %s torchdtype-unsupported-dtype %t
// REAL-VERSION: ==1.13
// The arithmetic operators of tensors are the aten ops they call, judged by
// the measured table as a call of the op is: `a - b` is sub, `-a` is neg,
// and `1 - m` (a number on the left) is sub_ on a tensor of m's dtype, so a
// Bool mask subtracted, or subtracted from, throws. (Only 1.13.1 is
// measured: later versions say nothing.)
#include <torch/torch.h>

void number_minus_mask(torch::Tensor scores) {
  auto probs = torch::rand({8});
  auto overlapping = probs > 0.5;
  auto keep = 1 - overlapping;
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:15: warning: 'operator-' does not take Bool 'overlapping' in PyTorch 1.13; this throws at run time: "Subtraction, the `-` operator, with two bool tensors is not supported. {{.*}} [torchdtype-unsupported-dtype]
  // CHECK-MESSAGES-V113: :[[@LINE-3]]:28: note: operand 'overlapping' has dtype Bool from here
}

void tensor_minus_mask() {
  auto x = torch::rand({8});
  auto m = x > 0.5;
  auto y = x - m;
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'operator-' does not take {{.*}}Bool 'm' in PyTorch 1.13{{.*}}Subtraction, the `-` operator, with a bool tensor is not supported{{.*}} [torchdtype-unsupported-dtype]
  auto z = -m;
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'operator-' does not take Bool 'm' in PyTorch 1.13{{.*}}Negation, the `-` operator, on a bool tensor is not supported{{.*}} [torchdtype-unsupported-dtype]
}

// An operator of one operand with no op of its own in operator_ops is the
// op its name maps to: ~x is bitwise_not, which a float does not take.
void bitwise_not_of_float() {
  auto x = torch::rand({4});
  auto y = ~x;
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'operator~' does not take Float 'x' in PyTorch 1.13 (Long, Int, Bool or Byte would run){{.*}} [torchdtype-unsupported-dtype]
}

// Through a helper, whose mask is the caller's.
torch::Tensor decay(const torch::Tensor &scores, const torch::Tensor &mask,
                    double d) {
  auto keep = 1 - mask;
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:15: warning: 'operator-' does not take Bool 'mask'{{.*}} [torchdtype-unsupported-dtype]
  return scores * (keep + mask * d);
}
torch::Tensor overlap(const torch::Tensor &iou, double thr) { return iou > thr; }
void soft_nms() {
  auto scores = torch::rand({8});
  for (int step = 0; step < 3; ++step)
    scores = decay(scores, overlap(torch::rand({8}), 0.5), 0.3);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:14: note: in this call of 'decay'
}

// On one branch, in a template, a lambda and a macro.
void branch(bool masked) {
  auto x = torch::rand({4});
  auto w = masked ? (x > 0) : x;
  if (masked) {
    auto inv = 1.0 - w;
    // CHECK-MESSAGES-V113: :[[@LINE-1]]:16: warning: 'operator-' does not take Bool 'w'{{.*}} [torchdtype-unsupported-dtype]
  }
}
template <typename T> torch::Tensor invert(const torch::Tensor &m) {
  return T(1) - m;
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:10: warning: 'operator-' does not take Bool 'm'{{.*}} [torchdtype-unsupported-dtype]
}
void in_template() { invert<int>(torch::ones({3}) > 0); }
// CHECK-MESSAGES-V113: :[[@LINE-1]]:22: note: in this call of 'invert'
void in_lambda() {
  auto flip = [](const torch::Tensor &m) { return 1 - m; };
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:51: warning: 'operator-' does not take Bool 'm'{{.*}} [torchdtype-unsupported-dtype]
  flip(torch::rand({3}) < 0.1);
}
#define INVERT(m) (1 - (m))
void in_macro() {
  auto m = torch::rand({3}) < 0.1;
  auto k = INVERT(m);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'operator-' does not take Bool 'm'{{.*}} [torchdtype-unsupported-dtype]
}

// Negatives: the mask converted first or inverted with ~;
// the operators that run on Bool (+ and * are or and and; a Bool times a
// number is a float); float operands; a mask of no known dtype.
torch::Tensor from_elsewhere();
void negatives() {
  auto x = torch::rand({8});
  auto m = x > 0.5;
  auto a = 1 - m.to(torch::kFloat);
  auto c = ~m;
  auto e = m + m;
  auto f = m * m;
  auto g = m * 0.5;
  auto h = x - x;
  auto i = -x;
  auto j = 1 - x;
  auto k = 1 - from_elsewhere();
  auto l = x - from_elsewhere();
  auto o = 1 - (x > 0.5).to(x.scalar_type());
}
