// RUN: %check_clang_tidy %s torchdtype-inplace-dtype %t
#include <torch/torch.h>
#include <ATen/autocast_mode.h>

using torch::indexing::Slice;
bool flag();

// ---- Positives: a source of another dtype -----------------------------------

void sources() {
  auto a = torch::zeros({4});
  auto idx = torch::tensor({0, 1});
  auto d = torch::ones({2}, torch::kDouble);
  a.index_copy_(0, idx, d);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'index_copy_' needs a source of the dtype of 'a' (Float) but gets Double; this throws at run time{{.*}} [kb: pytorch/index-copy-dtype-mismatch] [torchdtype-inplace-dtype]
  // CHECK-MESSAGES: :[[@LINE-5]]:12: note: 'a' has dtype Float from here
  // CHECK-MESSAGES: :[[@LINE-4]]:{{[0-9]+}}: note: source 'd' has dtype Double from here
  // CHECK-MESSAGES: :[[@LINE-4]]:3: note: fix: {{.*}}
  a.index_add_(0, idx, d.to(torch::kHalf));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'index_add_' needs a source of the dtype of 'a' (Float) but gets Half; {{.*}} [kb: pytorch/index-add-dtype-mismatch] [torchdtype-inplace-dtype]
  a.index_put_({idx}, d);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'index_put_' needs a source of the dtype of 'a' (Float) but gets Double; {{.*}} [kb: pytorch/index-put-dtype-mismatch] [torchdtype-inplace-dtype]
  a.index_put_({Slice(), idx}, torch::tensor(2.0, torch::kDouble));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'index_put_' needs a source {{.*}} gets Double; {{.*}}
  a.masked_scatter_(a > 0, torch::ones({4}, torch::kDouble));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'masked_scatter_' needs a source of the dtype of 'a' (Float) but gets Double; {{.*}} [kb: pytorch/masked-scatter-dtype-mismatch] [torchdtype-inplace-dtype]
  a.scatter_add_(0, idx, torch::ones_like(idx));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'scatter_add_' needs a source of the dtype of 'a' (Float) but gets Long; {{.*}} [kb: pytorch/scatter-src-dtype-mismatch] [torchdtype-inplace-dtype]
  a.put_(idx, d);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'put_' needs a source {{.*}} [kb: pytorch/put-dtype-mismatch] [torchdtype-inplace-dtype]
  a.lerp_(torch::ones({4}, torch::kDouble), 0.5);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'lerp_' needs a source {{.*}} gets Double; {{.*}} [kb: pytorch/lerp-dtype-mismatch] [torchdtype-inplace-dtype]
  auto b = torch::lerp(a, torch::ones({4}), torch::full({4}, 0.5, torch::kDouble));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'lerp' needs a source {{.*}} gets Double; {{.*}}
  auto c = torch::index_add(a, 0, idx, d);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'index_add' needs a source {{.*}} gets Double; {{.*}}
}

// ---- Positives: in-place arithmetic whose result cannot be cast back --------

void result_cast() {
  auto counts = torch::arange(4);
  counts /= 2;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'operator/=' on 'counts' of dtype Long with true division gives a Float result that cannot be cast back to Long; this throws at run time{{.*}} [kb: pytorch/result-type-cast] [torchdtype-inplace-dtype]
  counts.mul_(0.5);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mul_' on 'counts' of dtype Long with a floating number gives a Float result that cannot be cast back to Long; {{.*}}
  counts += torch::ones({4});
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'operator+=' combines 'counts' of dtype Long with an operand of dtype Float into a Float result that cannot be cast back to Long; {{.*}}
  // CHECK-MESSAGES: :[[@LINE-2]]:13: note: operand 'torch::ones({4})' has dtype Float from here
  auto mask = torch::ones({4}, torch::kBool);
  mask.add_(1);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'add_' on 'mask' of dtype Bool with a number gives a Long result that cannot be cast back to Bool; {{.*}}
}

// Two indices, one of them Long: whatever the other is (no lone mask to
// fill), the source must have self's dtype.
void two_indices(const torch::Tensor &rows) {
  auto counts = torch::zeros({4, 4});
  auto cols = torch::tensor({0, 1});
  counts.index_put_({rows, cols}, torch::ones({2}, torch::kLong));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'index_put_' needs a source of the
  // dtype of 'counts' (Float) but gets Long; {{.*}} [torchdtype-inplace-dtype]
  counts.index_put_({rows}, torch::ones({2}, torch::kLong)); // maybe a mask
  counts.index_put_({rows, rows}, torch::ones({2}, torch::kLong));
}

// ---- Negatives ----------------------------------------------------------------

void negatives() {
  auto a = torch::zeros({4});
  auto idx = torch::tensor({0, 1});
  auto d = torch::ones({2}, torch::kDouble);
  a.index_copy_(0, idx, d.to(torch::kFloat));        // converted
  a.index_copy_(0, idx, d.to(a.scalar_type()));      // converted to a's dtype
  a.index_put_({a > 0}, torch::tensor(1.0, torch::kDouble)); // mask: masked_fill_
  a.index_put_({Slice(0, 2)}, d);                    // slices only: copy_
  a.index_put_({idx}, 2.5);                          // a Scalar
  a.scatter_(0, idx, 2.5);                           // a Scalar
  a.copy_(torch::ones({4}, torch::kDouble));         // copy_ converts
  a.masked_fill_(a > 0, 1.0);
  a.add_(torch::ones({4}, torch::kDouble));          // same category: cast
  auto h = torch::ones({4}, torch::kHalf);
  h.mul_(a);
  auto counts = torch::arange(4);
  counts.div_(2, "floor");                           // rounding mode
  counts -= 1;
  counts += torch::ones({4}, torch::kInt);
  auto i = torch::ones({4}, torch::kInt);
  i.add_(counts);
  auto mask = torch::ones({4}, torch::kBool);
  mask.mul_(mask);
}

// Unknown dtypes stay quiet.
void unknown(torch::Tensor &dst, const torch::Tensor &src, torch::Tensor idx) {
  dst.index_copy_(0, idx, src);
  dst /= 2;
}

// ---- Calls: the source comes from the caller ------------------------------------

void store(torch::Tensor &buf, const torch::Tensor &slots, const torch::Tensor &v) {
  buf.index_put_({slots}, v);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'index_put_' needs a source of the dtype of 'buf' (Float) but gets Double; {{.*}}
}

void caller() {
  auto buf = torch::zeros({8});
  store(buf, torch::arange(2), torch::ones({2}, torch::kDouble));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: in this call of 'store'
  store(buf, torch::arange(2), torch::ones({2}));
}

// ---- Branches and loops ----------------------------------------------------------

void branches() {
  auto a = torch::zeros({4});
  auto idx = torch::tensor({0, 1});
  auto v = torch::ones({2});
  if (flag())
    v = v.to(torch::kDouble);
  a.index_copy_(0, idx, v); // Double on one path only: quiet

  torch::Tensor w = torch::ones({2});
  for (int i = 0; i < 3; ++i) {
    w = w.to(torch::kDouble);
    a.index_copy_(0, idx, w);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'index_copy_' needs a source {{.*}} gets Double; {{.*}}
  }
}

void by_flag(bool use_double) {
  auto a = torch::zeros({4});
  auto v = torch::ones({4});
  if (use_double)
    v = v.to(torch::kDouble);
  a.masked_scatter_(a > 0, v);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'masked_scatter_' needs a source {{.*}} gets Double; {{.*}}
  // CHECK-MESSAGES: :[[@LINE-4]]:7: note: assuming 'use_double' is true
}

// ---- Templates, lambdas, macros -------------------------------------------------

template <typename T> void write_rows(torch::Tensor &dst, const torch::Tensor &rows) {
  dst.index_add_(0, torch::arange(2), rows);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'index_add_' needs a source of the dtype of 'dst' (Float) but gets Double; {{.*}}
}

void templates_lambdas_macros() {
  auto dst = torch::zeros({4, 2});
  write_rows<int>(dst, torch::ones({2, 2}, torch::kDouble));
  auto src = torch::ones({2, 2}, torch::kDouble);
  auto put = [&] {
    dst.scatter_(0, torch::zeros({2, 2}, torch::kLong), src);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'scatter_' needs a source {{.*}} gets Double; {{.*}}
  };
  put();
#define HALVE(t) t /= 2
  auto steps = torch::arange(4);
  HALVE(steps);
  // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: 'operator/=' on 'steps' of dtype Long with true division {{.*}}
}

// ---- Autocast: in-place writes are not autocast; functional ones may be --------

void autocast_region() {
  at::autocast::set_cpu_enabled(true);
  auto bank = torch::zeros({4, 8});
  auto feats = torch::mm(torch::randn({2, 16}), torch::randn({16, 8}));
  bank.index_copy_(0, torch::arange(2), feats);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'index_copy_' needs a source of the dtype of 'bank' (Float) but gets BFloat16; {{.*}}
  auto copy = bank.index_copy(0, torch::arange(2), feats); // CPU autocast promotes index_copy
  at::autocast::set_cpu_enabled(false);
}

// ---- What flows in: a Sequential's result, helpers and modules under autocast

struct Critic : torch::nn::Module {
  Critic() {
    body = register_module("body", torch::nn::Sequential(
        torch::nn::Linear(12, 64), torch::nn::ReLU(), torch::nn::Linear(64, 1)));
  }
  torch::Tensor forward(const torch::Tensor &obs) { return body->forward(obs); }
  torch::nn::Sequential body{nullptr};
};

torch::Tensor project(const torch::Tensor &a) { return torch::mm(a, a.t()); }

void flows_in() {
  auto table = torch::zeros({8, 1}, torch::kDouble);
  auto ids = torch::arange(0, 8);
  Critic critic;
  auto x = torch::randn({8, 12});
  table.index_put_({ids}, critic.forward(x));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'index_put_' needs a source of the dtype of 'table' (Double) but gets Float; {{.*}}
  table.index_put_({ids}, critic.forward(x).to(torch::kDouble));
  auto bank = torch::zeros({8, 8});
  auto scores = torch::zeros({8, 1});
  at::autocast::set_cpu_enabled(true);
  bank.index_copy_(0, ids, project(x));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'index_copy_' needs a source of the dtype of 'bank' (Float) but gets BFloat16; {{.*}}
  scores.index_copy_(0, ids, critic.forward(x));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'index_copy_' needs a source of the dtype of 'scores' (Float) but gets BFloat16; {{.*}}
  at::autocast::set_cpu_enabled(false);
  bank.index_copy_(0, ids, project(x)); // autocast is off again
  auto wide = torch::cat({x, x.to(torch::kDouble)});
  bank.index_copy_(0, ids, wide);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'index_copy_' needs a source of the dtype of 'bank' (Float) but gets Double; {{.*}}
  bank.index_copy_(0, ids, torch::cat({x, x}));
}
