// RUN: %check_clang_tidy %s torchdtype-mixed-precision,torchdtype-inplace-dtype %t
// `torch::Tensor x;` is undefined: no dtype yet (the lattice's bottom), so
// what a later assignment gives it is what reaches an op (an op given the
// undefined tensor throws first). `x.defined()` is false there, and true
// where every path gave it a dtype; where some path may still hold the
// undefined tensor (a join with one), it is not decided. The lazy-init
// idiom of a loop (`if (!cache.defined()) cache = ...`, `w.defined() ? w :
// ones`) is judged per iteration: the first takes the undefined side, the
// later ones the value the back edge brings.
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
