// torchdtype-unsupported-dtype: op calls given dtypes their measured contract
// (checker/data/op_contracts.json, LibTorch 1.13.1 on the CPU) raises for.
// Only a 1.13 target is judged: what 2.x changed is not recorded.
// RUN: %check_clang_tidy -check-suffix=V113 %s torchdtype-unsupported-dtype %t -- -config="{CheckOptions: {PyTorchVersion: '1.13'}}"
// RUN: %check_clang_tidy -check-suffix=V214 %s torchdtype-unsupported-dtype %t
#include <torch/torch.h>
#include <ATen/autocast_mode.h>

bool flag();
#define TAKE(x, i) (x).gather(1, (i))

// ---- Positives ------------------------------------------------------------

void int32_indices() {
  auto x = torch::rand({4, 3});
  auto idx = torch::zeros({4, 1}, torch::kInt);
  auto g = x.gather(1, idx);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'gather' does not take Int 'idx' in PyTorch 1.13 (Long would run); this throws at run time: "gather(): Expected dtype int64 for index" [kb: pytorch/op-dtype-contract] [torchdtype-unsupported-dtype]
  // CHECK-MESSAGES-V113: :[[@LINE-3]]:35: note: operand 'idx' has dtype Int from here
}

void mean_of_counts() {
  auto counts = torch::randint(0, 10, {8});
  auto m = counts.mean();
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'mean' does not take Long 'counts' in PyTorch 1.13 (Float, Double, Half or BFloat16 would run); this throws at run time: "mean(): could not infer output dtype. Input dtype must be either a floating point or complex dtype. Got: Long" [kb: pytorch/op-dtype-contract] [torchdtype-unsupported-dtype]
}

void bitwise_on_floats() {
  auto a = torch::rand({4});
  auto c = a & a;
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'operator&' does not take Float 'a' and Float 'a' in PyTorch 1.13; this throws at run time: ""bitwise_and_cpu" not implemented for 'Float'" [kb: pytorch/dtype-not-implemented] [torchdtype-unsupported-dtype]
}

void float_condition() {
  auto x = torch::rand({4});
  auto keep = torch::ones({4});
  auto w = torch::where(keep, x, torch::zeros({4}));
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'where' does not take Float 'keep' in PyTorch 1.13 (Bool or Byte would run); this throws at run time: "where expected condition to be a boolean tensor, but got a tensor with dtype Float" [kb: pytorch/op-dtype-contract] [torchdtype-unsupported-dtype]
}

// Branches: the dtype on the path that reaches the op.
void on_one_branch(bool compact) {
  auto x = torch::rand({4, 3});
  auto idx = torch::zeros({4, 1}, torch::kLong);
  if (compact)
    idx = idx.to(torch::kInt);
  auto g = x.gather(1, idx);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'gather' does not take Int 'idx' in PyTorch 1.13 (Long would run); this throws at run time{{.*}}
  // CHECK-MESSAGES-V113: :[[@LINE-3]]:{{[0-9]+}}: note: operand 'idx' has dtype Int from here
  // CHECK-MESSAGES-V113: :[[@LINE-5]]:7: note: assuming 'compact' is true
}

void unknown_branch() {
  auto x = torch::rand({4, 3});
  auto idx = torch::zeros({4, 1}, torch::kLong);
  if (flag())
    idx = idx.to(torch::kInt);
  auto g = x.gather(1, idx); // Long or Int: not known, not reported
}

// Loops, lambdas, templates, macros.
void in_a_loop() {
  auto x = torch::rand({4, 3});
  for (int i = 0; i < 3; ++i) {
    auto idx = torch::zeros({4, 1}, torch::kInt);
    auto g = x.gather(1, idx);
    // CHECK-MESSAGES-V113: :[[@LINE-1]]:14: warning: 'gather' does not take Int 'idx'{{.*}}
  }
}

void in_a_lambda() {
  auto mean_of = [](int n) {
    auto counts = torch::randint(0, 10, {n});
    return counts.mean();
    // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'mean' does not take Long 'counts'{{.*}}
  };
  mean_of(3);
}

template <typename T> torch::Tensor pick(const torch::Tensor &x, T idx) {
  return x.gather(1, idx);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:10: warning: 'gather' does not take Int 'idx'{{.*}}
}
void instantiate() {
  pick(torch::rand({4, 3}), torch::zeros({4, 1}, torch::kInt));
}

void through_a_macro() {
  auto x = torch::rand({4, 3});
  auto idx = torch::zeros({4, 1}, torch::kInt);
  auto g = TAKE(x, idx);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'gather' does not take Int 'idx'{{.*}}
}

// Int indices of the writes into self: the source finder
// (torchdtype-inplace-dtype) judges the source, the table the index.
void int32_index_of_writes() {
  auto cache = torch::zeros({8, 4});
  auto pos = torch::arange(3).to(torch::kInt);
  cache.index_copy_(0, pos, torch::ones({3, 4}));
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:3: warning: 'index_copy_' does not take Int 'pos' in PyTorch 1.13 (Long would run); this throws at run time: "index_copy_(): Expected a long tensor for index, but got Int" [kb: pytorch/op-dtype-contract] [torchdtype-unsupported-dtype]
  // CHECK-MESSAGES-V113: :[[@LINE-3]]:{{[0-9]+}}: note: operand 'pos' has dtype Int from here
  auto hist = torch::zeros({4, 4});
  auto ids = torch::zeros({4, 4}, torch::kInt);
  hist.scatter_add_(0, ids, torch::ones({4, 4}));
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:3: warning: 'scatter_add_' does not take Int 'ids' in PyTorch 1.13 (Long would run); this throws at run time: "scatter(): Expected dtype int64 for index" [kb: pytorch/op-dtype-contract] [torchdtype-unsupported-dtype]
  // CHECK-MESSAGES-V113: :[[@LINE-3]]:{{[0-9]+}}: note: operand 'ids' has dtype Int from here
}

// Floating numbers: measured with 1.5 as well as with 1.
void floating_scalars() {
  auto codes = torch::randint(-300, 300, {4, 8});
  codes.clamp_(-127.5, 127.5);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:3: warning: 'clamp_' does not take Long 'codes' in PyTorch 1.13 (Float, Double or BFloat16 would run); this throws at run time: "result type Float can't be cast to the desired output type long int" [kb: pytorch/result-type-cast] [torchdtype-unsupported-dtype]
  // CHECK-MESSAGES-V113: :[[@LINE-3]]:{{[0-9]+}}: note: operand 'codes' has dtype Long from here
  auto norms = codes.norm(2.0, {1});
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:16: warning: 'norm' does not take Long 'codes' in PyTorch 1.13 (Float, Double, Half or BFloat16 would run); this throws at run time: "norm(): input dtype should be either floating point or complex. Got Long instead." [kb: pytorch/op-dtype-contract] [torchdtype-unsupported-dtype]
}

// Measured on other shapes: bincount on 1-D tensors.
void float_bincount(bool weighted) {
  auto bins = torch::randint(0, 8, {16});
  if (weighted)
    bins = bins.to(torch::kFloat);
  auto h = torch::bincount(bins);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'bincount' does not take Float 'bins' in PyTorch 1.13 (Long, Int or Byte would run); this throws at run time: ""bincount_cpu" not implemented for 'Float'" [kb: pytorch/dtype-not-implemented] [torchdtype-unsupported-dtype]
  // CHECK-MESSAGES-V113: :[[@LINE-3]]:{{[0-9]+}}: note: operand 'bins' has dtype Float from here
  // CHECK-MESSAGES-V113: :[[@LINE-5]]:7: note: assuming 'weighted' is true
}

template <typename Index>
void copy_rows(torch::Tensor &dst, const torch::Tensor &src, Index pos) {
  dst.index_copy_(0, pos, src);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:3: warning: 'index_copy_' does not take Int 'pos'{{.*}}
}
void copy_rows_int32() {
  auto dst = torch::zeros({8, 4});
  copy_rows(dst, torch::ones({2, 4}), torch::zeros({2}, torch::kInt));
}

void clamp_in_a_lambda() {
  auto quantize = [](torch::Tensor codes, double lo, double hi) {
    codes.clamp_(lo, hi);
    // CHECK-MESSAGES-V113: :[[@LINE-1]]:5: warning: 'clamp_' does not take Long 'codes'{{.*}}
    return codes;
  };
  quantize(torch::zeros({4}, torch::kLong), -127.5, 127.5);
}

// ---- Negatives ------------------------------------------------------------

void measured_shapes_and_scalars_that_run(double lo) {
  auto cache = torch::zeros({8, 4});
  cache.index_copy_(0, torch::arange(2), torch::ones({2, 4})); // Long index
  auto hist = torch::zeros({4, 4});
  hist.scatter_add_(0, torch::zeros({4, 4}, torch::kLong), torch::ones({4, 4}));
  auto x = torch::rand({4, 8});
  x.clamp_(-127.5, 127.5); // a floating bound of a Float tensor
  auto n = x.norm(2.0, {1});
  auto codes = torch::randint(-300, 300, {4, 8});
  codes.clamp_(-127, 127);  // integral bounds of a Long tensor
  codes.clamp_(-127, 127.5); // int and floating: not measured
  c10::Scalar bound = 1.5;
  codes.clamp_min_(bound);   // a Scalar variable: its kind is not known
  auto h = torch::bincount(torch::randint(0, 8, {16}));
  auto shifted = codes.add(1e-10); // Float, no error
}


void what_runs() {
  auto x = torch::rand({4, 3});
  auto g = x.gather(1, torch::zeros({4, 1}, torch::kLong));
  auto s = torch::index_select(x, 0, torch::zeros({2}, torch::kInt)); // int32 runs
  auto counts = torch::randint(0, 10, {8});
  auto m = counts.mean(torch::kFloat); // an explicit dtype: measured without
  auto f = counts.to(torch::kFloat).mean();
  auto b = (x > 0.5) & (x < 0.9);
}

void unknown_dtypes(torch::Tensor x, torch::Tensor idx) {
  auto g = x.gather(1, idx); // the callers' dtypes, not known here
}

void off_the_cpu() {
  auto counts = torch::randint(0, 10, {8}).to(torch::kCUDA);
  auto m = counts.mean(); // measured on the CPU only
}

void judged_by_other_checks() {
  auto a = torch::rand({2, 2});
  auto b = torch::rand({2, 2}, torch::kDouble);
  auto c = torch::mm(a, b); // torchdtype-mixed-precision's
}
