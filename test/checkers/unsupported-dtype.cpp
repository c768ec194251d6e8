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

// ---- Negatives ------------------------------------------------------------

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
