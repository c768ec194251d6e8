// RUN: %check_clang_tidy %s torchdtype-mixed-precision %t
// The same findings when another check makes the matchers walk the whole
// translation unit (torchdtype-only runs walk the user's code only).
// RUN: %check_clang_tidy %s torchdtype-mixed-precision,bugprone-use-after-move %t-walk-all
// RUN: %check_clang_tidy %s torchdtype-mixed-precision,clang-analyzer-cplusplus.Move %t-analyzer
#include <torch/torch.h>

bool flag();

// ---- Branches -------------------------------------------------------------

void one_branch_converts() {
  auto a = torch::randn({2, 2});
  auto b = torch::randn({2, 2});
  if (flag())
    b = b.to(torch::kHalf);
  auto c = torch::mm(a, b); // Float or Half: not definite, no warning
}

// A bool the branches test keeps its paths apart: the path that converted
// is reported, with the branch it took.
void one_branch_by_flag(bool use_fp16) {
  auto a = torch::randn({2, 2});
  auto b = torch::randn({2, 2});
  if (use_fp16)
    b = b.to(torch::kHalf);
  auto c = torch::mm(a, b);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Half; this throws at run time{{.*}} [kb: pytorch/mm-kernel-dtype-mismatch] [torchdtype-mixed-precision]
  // CHECK-MESSAGES: :[[@LINE-4]]:7: note: assuming 'use_fp16' is true
}

// Flags that agree stay correlated; a flag set to a constant takes its
// branch.
void correlated_flags(bool use_fp16) {
  bool verbose = false;
  auto a = torch::randn({2, 2});
  auto b = torch::randn({2, 2});
  if (use_fp16)
    b = b.to(torch::kHalf);
  if (verbose)
    a = a.to(torch::kDouble);
  if (use_fp16)
    a = a.to(torch::kHalf);
  auto c = torch::mm(a, b);
}

// A flag's paths in a loop and a lambda.
void flag_in_loop(bool use_fp16, int steps) {
  auto w = torch::randn({2, 2});
  for (int i = 0; i < steps; ++i) {
    auto x = torch::randn({2, 2});
    if (use_fp16)
      x = x.to(torch::kHalf);
    auto y = torch::mm(x, w);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'mm' requires operands of the same dtype but gets Half and Float; this throws at run time{{.*}} [kb: pytorch/mm-kernel-dtype-mismatch] [torchdtype-mixed-precision]
    // CHECK-MESSAGES: :[[@LINE-4]]:9: note: assuming 'use_fp16' is true
  }
  auto run = [&](bool half) {
    auto x = torch::randn({2, 2});
    if (half)
      x = x.to(torch::kHalf);
    if (half)
      return torch::mm(x, w.to(torch::kHalf));
    return torch::mm(x, w);
  };
  run(use_fp16);
}

#define MAYBE_HALF(t, cond) if (cond) t = t.to(torch::kHalf)
void flag_in_macro(bool use_fp16) {
  auto a = torch::randn({2, 2});
  auto b = torch::randn({2, 2});
  MAYBE_HALF(b, use_fp16);
  MAYBE_HALF(a, use_fp16);
  auto c = torch::mm(a, b);
}
#undef MAYBE_HALF

void both_branches_convert() {
  auto a = torch::randn({2, 2});
  auto b = torch::randn({2, 2});
  if (flag()) {
    b = b.to(torch::kHalf);
  } else {
    b = torch::ones({2, 2}, torch::kHalf);
  }
  auto c = torch::mm(a, b);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Half; this throws at run time{{.*}} [kb: pytorch/mm-kernel-dtype-mismatch] [torchdtype-mixed-precision]
}

void conditional_operator(const torch::Tensor& x) {
  auto a = torch::randn({2, 2});
  auto b = flag() ? x.to(torch::kHalf) : torch::zeros({2, 2}, torch::kHalf);
  auto c = torch::mm(a, b);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Half; this throws at run time{{.*}} [kb: pytorch/mm-kernel-dtype-mismatch] [torchdtype-mixed-precision]
  auto d = flag() ? x.to(torch::kHalf) : x.to(torch::kFloat);
  auto e = torch::mm(a, d); // not definite
}

// ---- Loops ----------------------------------------------------------------

void conversion_in_loop_reaches_op_in_body(const torch::Tensor& x) {
  auto w = torch::randn({2, 2});
  for (int i = 0; i < 4; ++i) {
    auto h = x.to(torch::kHalf);
    auto y = torch::mm(w, h);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'mm' requires operands of the same dtype but gets Float and Half; this throws at run time{{.*}} [kb: pytorch/mm-kernel-dtype-mismatch] [torchdtype-mixed-precision]
  }
}

void conversion_in_do_while_reaches_later_op() {
  auto a = torch::randn({2, 2});
  auto b = torch::randn({2, 2});
  do {
    b = b.to(torch::kHalf);
  } while (flag());
  auto c = torch::mm(a, b);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Half; this throws at run time{{.*}} [kb: pytorch/mm-kernel-dtype-mismatch] [torchdtype-mixed-precision]
}

void conversion_in_for_loop_maybe_skipped(int n) {
  auto a = torch::randn({2, 2});
  auto b = torch::randn({2, 2});
  for (int i = 0; i < n; ++i)
    b = b.to(torch::kHalf);
  auto c = torch::mm(a, b); // zero iterations keep Float: not definite
}

void loop_carried_conversion() {
  auto a = torch::randn({2, 2});
  auto b = torch::randn({2, 2});
  while (flag()) {
    auto c = torch::mm(a, b); // Float on the first iteration, Half later
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'mm' requires operands of the same dtype but gets Float and Half; {{.*}} [torchdtype-mixed-precision]
    // CHECK-MESSAGES: :[[@LINE-3]]:10: note: on the second or a later iteration of this loop
    b = c.to(torch::kHalf);
  }
}

// ---- Reassignment ---------------------------------------------------------

void reassignment_fixes_dtype() {
  auto a = torch::randn({2, 2});
  auto b = torch::randn({2, 2}, torch::kHalf);
  b = b.to(torch::kFloat);
  auto c = torch::mm(a, b);
  auto d = torch::randn({2, 2}, torch::kDouble);
  d = torch::zeros({2, 2});
  auto e = torch::mm(a, d);
}

void reassignment_breaks_dtype() {
  auto a = torch::randn({2, 2});
  auto b = torch::randn({2, 2});
  auto c = torch::mm(a, b);
  b = torch::randn({2, 2}, torch::kDouble);
  auto d = torch::mm(a, b);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Double; this throws at run time{{.*}} [kb: pytorch/mm-kernel-dtype-mismatch] [torchdtype-mixed-precision]
}

// ---- User helper functions ------------------------------------------------

torch::Tensor half(const torch::Tensor& t) { return t.to(torch::kHalf); }
torch::Tensor make_half() { return torch::ones({2, 2}, torch::kHalf); }
torch::Tensor passthrough(const torch::Tensor& t) { return t.relu(); }
torch::Tensor unknown_helper(const torch::Tensor& t);

void helpers(const torch::Tensor& x) {
  auto f32 = torch::randn({2, 2});
  auto a = torch::mm(f32, half(x));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Half; this throws at run time{{.*}} [kb: pytorch/mm-kernel-dtype-mismatch] [torchdtype-mixed-precision]
  auto h = make_half();
  auto b = torch::matmul(f32, h);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'matmul' requires operands of the same dtype but gets Float and Half; this throws at run time{{.*}} [kb: pytorch/mm-kernel-dtype-mismatch] [torchdtype-mixed-precision]
  auto c = torch::mm(passthrough(torch::randn({2, 2}, torch::kDouble)), f32);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float; this throws at run time{{.*}} [kb: pytorch/mm-kernel-dtype-mismatch] [torchdtype-mixed-precision]
  auto d = torch::mm(f32, passthrough(x));       // unknown
  auto e = torch::mm(f32, unknown_helper(f32));  // no body: unknown
  auto g = torch::mm(half(f32), half(x));        // Half and Half
}

// ---- Class members --------------------------------------------------------

class HalfModel {
public:
  HalfModel() : w_(torch::randn({2, 2}, torch::kHalf)) {}
  torch::Tensor run() {
    auto x = torch::randn({2, 2});
    return torch::mm(x, w_);
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Half; this throws at run time{{.*}} [kb: pytorch/mm-kernel-dtype-mismatch] [torchdtype-mixed-precision]
  }

private:
  torch::Tensor w_;
};

class ReloadableModel {
public:
  ReloadableModel() : w_(torch::randn({2, 2}, torch::kHalf)) {}
  void load(const torch::Tensor& w) { w_ = w; }
  torch::Tensor run() {
    auto x = torch::randn({2, 2});
    return torch::mm(x, w_); // w_ may hold any dtype: no warning
  }

private:
  torch::Tensor w_;
};

// ---- Lambdas --------------------------------------------------------------

void lambdas() {
  auto h = torch::randn({2, 2}, torch::kHalf);
  auto by_copy = [h]() {
    auto x = torch::randn({2, 2});
    return torch::mm(x, h);
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Half; this throws at run time{{.*}} [kb: pytorch/mm-kernel-dtype-mismatch] [torchdtype-mixed-precision]
  };
  auto by_ref = [&]() {
    auto x = torch::randn({2, 2});
    return x.matmul(h);
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'matmul' requires operands of the same dtype but gets Float and Half; this throws at run time{{.*}} [kb: pytorch/mm-kernel-dtype-mismatch] [torchdtype-mixed-precision]
  };
  auto param_unknown = [h](const torch::Tensor& x) { return torch::mm(x, h); };
  by_copy();
  by_ref();
  param_unknown(torch::randn({2, 2}));
}

// ---- Templates ------------------------------------------------------------

template <typename T>
torch::Tensor scaled_mm(T scale) {
  auto x = torch::randn({2, 2});
  auto h = torch::randn({2, 2}, torch::kHalf);
  return torch::mm(x, h) * scale;
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'mm' requires operands of the same dtype but gets Float and Half; this throws at run time{{.*}} [kb: pytorch/mm-kernel-dtype-mismatch] [torchdtype-mixed-precision]
}

template <typename T>
torch::Tensor never_instantiated(T scale) {
  auto x = torch::randn({2, 2});
  auto h = torch::randn({2, 2}, torch::kHalf);
  return torch::mm(x, h) * scale;
}

template <typename T>
torch::Tensor dependent_dtype(const T& other) {
  auto x = torch::randn({2, 2});
  return torch::mm(x, other);
}

void use_templates() {
  scaled_mm(2.0);
  scaled_mm(3);
  dependent_dtype(torch::randn({2, 2}));
}

// ---- Macros ---------------------------------------------------------------

#define MATMUL(x, y) torch::mm(x, y)
#define HALF_DTYPE torch::kHalf
#define AS_DTYPE(t, dt) (t).to(dt)

void macros() {
  auto a = torch::randn({2, 2});
  auto h = torch::randn({2, 2}, HALF_DTYPE);
  auto c = MATMUL(a, h);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Half; this throws at run time{{.*}} [kb: pytorch/mm-kernel-dtype-mismatch] [torchdtype-mixed-precision]
  auto d = AS_DTYPE(a, torch::kDouble);
  auto e = torch::mm(a, d);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Double; this throws at run time{{.*}} [kb: pytorch/mm-kernel-dtype-mismatch] [torchdtype-mixed-precision]
  auto g = MATMUL(a, AS_DTYPE(h, torch::kFloat));
}
