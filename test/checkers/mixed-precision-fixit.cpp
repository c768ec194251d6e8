// Fix-its: the narrower operand is widened to the other's dtype (exact), in
// parentheses where needed; no fix for self of an in-place op, for Half beside
// BFloat16 (neither holds the other), or inside a macro.
// RUN: %check_clang_tidy %s torchdtype-mixed-precision %t
#include <torch/torch.h>

#define MM(a, b) torch::mm(a, b)

void fixes() {
  auto a = torch::randn({2, 2});
  auto h = torch::randn({2, 2}, torch::kHalf);
  auto d = torch::randn({2, 2}, torch::kDouble);
  auto r1 = torch::mm(a, h);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 'mm' requires operands of the same dtype but gets Float and Half
  // CHECK-FIXES: {{^}}  auto r1 = torch::mm(a, h.to(at::kFloat));{{$}}
  auto r2 = torch::mm(a, d);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 'mm' requires operands of the same dtype but gets Float and Double
  // CHECK-FIXES: {{^}}  auto r2 = torch::mm(a.to(at::kDouble), d);{{$}}
  auto r3 = a.matmul(h * 2);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 'matmul' requires operands of the same dtype but gets Float and Half
  // CHECK-FIXES: {{^}}  auto r3 = a.matmul((h * 2).to(at::kFloat));{{$}}
  auto r4 = h.mm(a);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 'mm' requires operands of the same dtype but gets Half and Float
  // CHECK-FIXES: {{^}}  auto r4 = h.to(at::kFloat).mm(a);{{$}}
  auto r5 = torch::mm(a, torch::randn({2, 2}, torch::kHalf));
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 'mm' requires operands of the same dtype but gets Float and Half
  // CHECK-FIXES: {{^}}  auto r5 = torch::mm(a, torch::randn({2, 2}, torch::kHalf).to(at::kFloat));{{$}}
}

void no_fixes() {
  auto a = torch::randn({2, 2});
  auto h = torch::randn({2, 2}, torch::kHalf);
  auto b = torch::randn({2, 2}, torch::kBFloat16);
  h.addmm_(a, a);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'addmm_' requires operands of the same dtype but gets Half and Float
  // CHECK-FIXES: {{^}}  h.addmm_(a, a);{{$}}
  auto r6 = torch::mm(h, b);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 'mm' requires operands of the same dtype but gets Half and BFloat16
  // CHECK-FIXES: {{^}}  auto r6 = torch::mm(h, b);{{$}}
  auto r7 = MM(a, h);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 'mm' requires operands of the same dtype but gets Float and Half
  // CHECK-FIXES: {{^}}  auto r7 = MM(a, h);{{$}}
}
