// Past MaxPathsPerBlock one condition is forgotten at a time (the earliest
// written when each merges as many paths), the others stay apart: four
// independent flags make 16 paths, a bound of 8 keeps the last three flags
// apart (three findings), a bound of 2 the last one.
// RUN: %check_clang_tidy -check-suffix=EIGHT %s torchdtype-mixed-precision %t-8 -- -config="{CheckOptions: {MaxPathsPerBlock: 8, PyTorchVersion: '2.6'}}"
// RUN: %check_clang_tidy -check-suffix=TWO %s torchdtype-mixed-precision %t-2 -- -config="{CheckOptions: {MaxPathsPerBlock: 2, PyTorchVersion: '2.6'}}"
#include <torch/torch.h>

bool option(int i);

torch::Tensor step(const torch::Tensor &input) {
  auto w = torch::randn({8, 8});
  const bool low0 = option(0);
  auto x0 = input.to(torch::kFloat);
  if (low0)
    x0 = x0.to(torch::kHalf);
  const bool low1 = option(1);
  auto x1 = input.to(torch::kFloat);
  if (low1)
    x1 = x1.to(torch::kHalf);
  const bool low2 = option(2);
  auto x2 = input.to(torch::kFloat);
  if (low2)
    x2 = x2.to(torch::kHalf);
  const bool low3 = option(3);
  auto x3 = input.to(torch::kFloat);
  if (low3)
    x3 = x3.to(torch::kHalf);
  auto acc = torch::mm(x0, w);
  acc = acc + torch::mm(x1, w);
  // CHECK-MESSAGES-EIGHT: :[[@LINE-1]]:15: warning: 'mm' requires operands of the same dtype but gets Half and Float
  // CHECK-MESSAGES-EIGHT: :[[@LINE-13]]:7: note: assuming 'low1' is true
  acc = acc + torch::mm(x2, w);
  // CHECK-MESSAGES-EIGHT: :[[@LINE-1]]:15: warning: 'mm' requires operands of the same dtype but gets Half and Float
  acc = acc + torch::mm(x3, w);
  // CHECK-MESSAGES-EIGHT: :[[@LINE-1]]:15: warning: 'mm' requires operands of the same dtype but gets Half and Float
  // CHECK-MESSAGES-TWO: :[[@LINE-2]]:15: warning: 'mm' requires operands of the same dtype but gets Half and Float
  return acc;
}
