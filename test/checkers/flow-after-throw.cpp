// By default an op that throws ends its path: what runs only after it is
// not reported. ReportAfterThrow reports it too.
// RUN: %check_clang_tidy %s torchdtype-mixed-precision %t -- -config="{CheckOptions: {ReportAfterThrow: false}}"
// RUN: %check_clang_tidy -check-suffix=ALL %s torchdtype-mixed-precision %t-all -- -config="{CheckOptions: {ReportAfterThrow: true}}"
// RUN: %check_clang_tidy -check-suffix=HALF %s torchdtype-half-on-cpu %t-half -- -config="{CheckOptions: {ReportAfterThrow: false, PyTorchVersion: '1.13'}}"
// RUN: %check_clang_tidy -check-suffix=HALF-ALL %s torchdtype-half-on-cpu %t-half-all -- -config="{CheckOptions: {ReportAfterThrow: true, PyTorchVersion: '1.13'}}"
#include <torch/torch.h>
#include <exception>

void after_the_first(const torch::Tensor &input) {
  auto w = torch::randn({4, 4});
  auto x = torch::randn({4, 4}).to(torch::kHalf);
  auto y = torch::mm(w, x);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Half; this throws at run time{{.*}} [kb: pytorch/mm-kernel-dtype-mismatch] [torchdtype-mixed-precision]
  // CHECK-MESSAGES-ALL: :[[@LINE-2]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Half
  auto z = torch::mm(x, w);
  // CHECK-MESSAGES-ALL: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Half and Float
}

// Reached without the first op: both are reported.
void on_a_branch(bool check) {
  auto w = torch::randn({4, 4});
  auto x = torch::randn({4, 4}).to(torch::kDouble);
  if (check)
    torch::mm(w, x);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'mm' requires operands of the same dtype but gets Float and Double
  // CHECK-MESSAGES-ALL: :[[@LINE-2]]:5: warning: 'mm' requires operands of the same dtype but gets Float and Double
  torch::mm(x, w);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Double and Float
  // CHECK-MESSAGES-ALL: :[[@LINE-2]]:3: warning: 'mm' requires operands of the same dtype but gets Double and Float
}

// A try block may catch it: what follows is still reported.
void caught() {
  auto w = torch::randn({4, 4});
  auto x = torch::randn({4, 4}).to(torch::kDouble);
  try {
    torch::mm(w, x);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'mm' requires operands of the same dtype but gets Float and Double
    // CHECK-MESSAGES-ALL: :[[@LINE-2]]:5: warning: 'mm' requires operands of the same dtype but gets Float and Double
  } catch (const std::exception &) {
  }
  torch::mm(x, w);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Double and Float
  // CHECK-MESSAGES-ALL: :[[@LINE-2]]:3: warning: 'mm' requires operands of the same dtype but gets Double and Float
}

// In a loop, with a macro.
#define PROJECT(a, b) torch::mm(a, b)
void in_a_loop(int steps) {
  auto w = torch::randn({4, 4});
  for (int i = 0; i < steps; ++i) {
    auto x = torch::randn({4, 4}).to(torch::kDouble);
    PROJECT(w, x);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'mm' requires operands of the same dtype but gets Float and Double
    // CHECK-MESSAGES-ALL: :[[@LINE-2]]:5: warning: 'mm' requires operands of the same dtype but gets Float and Double
    PROJECT(x, w);
    // CHECK-MESSAGES-ALL: :[[@LINE-1]]:5: warning: 'mm' requires operands of the same dtype but gets Double and Float
  }
}
#undef PROJECT

// A loop's first pass and the later ones reach the op apart (the tensor it
// reads comes from before the loop or from the pass before); each of them
// ends there, so what the passes reach after it, joined again, is not
// reported.
void passes_joined_after(int steps, bool half) {
  auto dtype = torch::kFloat;
  if (half)
    dtype = torch::kHalf;
  auto w = torch::randn({4, 4}).to(dtype);
  auto h = torch::randn({4, 4}).to(dtype);
  for (int i = 0; i < steps; ++i) {
    h = torch::linear(h, w);
    // CHECK-MESSAGES-HALF: :[[@LINE-1]]:9: warning: 'linear' has no CPU kernel for float16 in PyTorch 1.13
    // CHECK-MESSAGES-HALF-ALL: :[[@LINE-2]]:9: warning: 'linear' has no CPU kernel for float16 in PyTorch 1.13
    if (i + 1 < steps)
      h = torch::gelu(h);
    // CHECK-MESSAGES-HALF-ALL: :[[@LINE-1]]:11: warning: 'gelu' has no CPU kernel for float16 in PyTorch 1.13
  }
}
