// RUN: %check_clang_tidy %s torchdtype-mixed-precision,torchdtype-inplace-dtype,torchdtype-out-dtype %t
// `torch::Tensor x;` is undefined: no dtype yet (the lattice's bottom), so
// what a later assignment gives it is what reaches an op (an op given the
// undefined tensor throws first). `x.defined()` is false there, and true
// where every path gave it a dtype; where some path may still hold the
// undefined tensor (a join with one), it is not decided. The lazy-init
// idiom of a loop (`if (!cache.defined()) cache = ...`, `w.defined() ? w :
// ones`) is judged per iteration: the first takes the undefined side, the
// later ones the value the back edge brings. A tensor member with no
// initializer is undefined in an object its constructor leaves it alone in,
// so a method's lazy init runs on its first call.
#include <torch/torch.h>
#include <vector>

bool opaque();

// ---- Positives ------------------------------------------------------------

void weights_after_the_first_epoch(const std::vector<torch::Tensor> &ys) {
  torch::Tensor class_weight;
  for (int epoch = 0; epoch < 2; ++epoch) {
    torch::Tensor counts = torch::zeros({4}, torch::kLong);
    torch::Tensor idx = torch::zeros({3}, torch::kLong);
    torch::Tensor contrib = class_weight.defined()
                                ? class_weight.index_select(0, idx)
                                : torch::ones_like(idx);
    counts.index_add_(0, idx, contrib);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'index_add_' needs a source of the dtype of 'counts' (Long) but gets Float{{.*}} [torchdtype-inplace-dtype]
    class_weight = torch::ones({4});
  }
}

void lazily_made_once(int steps) {
  torch::Tensor scratch;
  for (int i = 0; i < steps; ++i) {
    if (!scratch.defined())
      scratch = torch::zeros({2, 2}, torch::kDouble);
    torch::mm(scratch, torch::ones({2, 2}));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
  }
}

// Assigned on one path only: on the other the op throws for the undefined
// tensor, so what reaches it is the half tensor.
void assigned_on_one_path() {
  torch::Tensor x;
  if (opaque())
    x = torch::ones({2, 2}, torch::kHalf);
  torch::mm(x, torch::ones({2, 2}));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Half and Float{{.*}} [torchdtype-mixed-precision]
}

#define ENSURE(t, make) if (!(t).defined()) (t) = (make)
void through_a_macro_in_a_lambda() {
  auto run = [](int n) {
    torch::Tensor acc;
    for (int i = 0; i < n; ++i) {
      ENSURE(acc, torch::zeros({2, 2}, torch::kDouble));
      torch::mm(acc, torch::ones({2, 2}));
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
    }
  };
  run(3);
}

// ---- Negatives ------------------------------------------------------------

// Undefined on a path an opaque condition picks: `defined()` is not
// decided, and the float32 fallback joins the float64 value.
void maybe_undefined_then_filled() {
  torch::Tensor w;
  if (opaque())
    w = torch::ones({2, 2}, torch::kDouble);
  if (!w.defined())
    w = torch::ones({2, 2});
  torch::mm(w, torch::ones({2, 2}));
}

// The first iteration makes it float32: every later one keeps it.
void lazily_made_float32(int steps) {
  torch::Tensor scratch;
  for (int i = 0; i < steps; ++i) {
    if (!scratch.defined())
      scratch = torch::zeros({2, 2});
    torch::mm(scratch, torch::ones({2, 2}));
  }
}

// A parameter's definedness is its caller's: not decided here.
void parameter(const torch::Tensor &w) {
  torch::Tensor x = torch::ones({2, 2});
  if (!w.defined())
    x = x.to(torch::kDouble);
  torch::mm(x, torch::ones({2, 2}, torch::kDouble));
}

template <typename T> void templated(int n) {
  T acc;
  for (int i = 0; i < n; ++i) {
    if (!acc.defined())
      acc = torch::zeros({2, 2});
    torch::mm(acc, torch::ones({2, 2}));
  }
}
template void templated<torch::Tensor>(int);

// ---- Members filled on first use ------------------------------------------

// The implicit constructor leaves `scratch_` undefined: the first call of
// add takes the lazy branch, and the float64 buffer meets float32 blocks.
struct Accumulator {
  torch::Tensor gram_ = torch::zeros({2, 2}, torch::kDouble), scratch_;
  void add(const torch::Tensor &block) {
    if (!scratch_.defined())
      scratch_ = torch::empty_like(gram_);
    torch::mm_out(scratch_, block.t(), block);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'mm_out' needs out tensor 'scratch_' of dtype Float but it has dtype Double; {{.*}} [torchdtype-out-dtype]
  }
};
void accumulate_blocks() {
  Accumulator acc;
  for (int i = 0; i < 3; ++i)
    acc.add(torch::randn({2, 2}));
}

// A constructor of the user's that does not touch it, and a helper that
// writes into it.
static void multiply_into(torch::Tensor &out, const torch::Tensor &b) {
  torch::mm_out(out, b.t(), b);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm_out' needs out tensor 'out' of dtype Float but it has dtype Double; {{.*}} [torchdtype-out-dtype]
}
struct Gram {
  explicit Gram(int64_t d) : gram_(torch::zeros({d, d}, torch::kDouble)) {}
  void add(const torch::Tensor &block) {
    if (!scratch_.defined())
      scratch_ = torch::empty_like(gram_);
    multiply_into(scratch_, block);
  }
  torch::Tensor gram_, scratch_;
};
void gram_of_blocks() {
  Gram g(2);
  g.add(torch::randn({2, 2}));
}

// Defined by the constructor: the lazy branch never runs.
struct Prefilled {
  Prefilled() : scratch_(torch::zeros({2, 2})) {}
  void add(const torch::Tensor &block) {
    if (!scratch_.defined())
      scratch_ = torch::zeros({2, 2}, torch::kDouble);
    torch::mm_out(scratch_, block.t(), block);
  }
  torch::Tensor scratch_;
};
void prefilled_negative() {
  Prefilled p;
  p.add(torch::randn({2, 2}));
}

// A reference parameter's definedness is its caller's: not decided.
void lazy_reference_negative(torch::Tensor &s, const torch::Tensor &b) {
  if (!s.defined())
    s = torch::zeros({2, 2}, torch::kDouble);
  multiply_into(s, b);
}
void call_lazy_reference_negative(torch::Tensor &s) {
  lazy_reference_negative(s, torch::randn({2, 2}));
}
