// torchdtype-mixed-precision: a result dtype from the measured table holds
// for the call the table ran. A bool argument was measured with its
// schema default (false unless the schema says True); given the other
// value as a constant, its result is not taken from the table, except
// that a true out_int32 (`bucketize(x, edges, /*out_int32=*/true)`,
// searchsorted) makes the result int32; the table still judges
// its arguments' dtypes (`norm(2, dim, /*keepdim=*/true)` of an integer
// tensor throws as measured). A bool the analysis cannot evaluate is taken
// as measured.
// RUN: %check_clang_tidy -check-suffixes=,V113 %s torchdtype-mixed-precision %t -- -config="{CheckOptions: {PyTorchVersion: '1.13'}}"
#include <torch/torch.h>

// ---- Positives ------------------------------------------------------------

void default_bucket_ids_are_long() {
  auto ids = torch::bucketize(torch::rand({4}), torch::rand({2}, torch::kFloat));
  torch::mm(ids.view({2, 2}), torch::ones({2, 2}, torch::kInt));
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Long and Int{{.*}} [torchdtype-mixed-precision]
}

void explicit_false_is_the_measured_call() {
  for (int i = 0; i < 2; ++i) {
    auto ids = torch::bucketize(torch::rand({4}), torch::rand({2}), /*out_int32=*/false);
    torch::mm(ids.view({2, 2}), torch::ones({2, 2}, torch::kFloat));
    // CHECK-MESSAGES-V113: :[[@LINE-1]]:5: warning: 'mm' requires operands of the same dtype but gets Long and Float{{.*}} [torchdtype-mixed-precision]
  }
}

void int32_bucket_ids_beside_float() {
  auto ids = torch::bucketize(torch::rand({4}), torch::rand({2}), /*out_int32=*/true);
  torch::mm(ids.view({2, 2}), torch::ones({2, 2}, torch::kFloat));
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Int and Float{{.*}} [torchdtype-mixed-precision]
}

void int32_bucket_ids_on_one_branch(bool compact) {
  auto ids = compact ? torch::bucketize(torch::rand({4}), torch::rand({2}), true)
                     : torch::bucketize(torch::rand({4}), torch::rand({2}));
  torch::mm(ids.view({2, 2}), torch::ones({2, 2}, torch::kLong));
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Int and Long{{.*}} [torchdtype-mixed-precision]
}

// ---- Negatives ------------------------------------------------------------

// int32 bucket ids beside int32 weights: runs (mm of two int32 tensors).
void int32_bucket_ids() {
  auto ids = torch::bucketize(torch::rand({4}), torch::rand({2}), /*out_int32=*/true);
  torch::mm(ids.view({2, 2}), torch::ones({2, 2}, torch::kInt));
}

#define BUCKETS32(x, e) torch::bucketize((x), (e), true)
template <typename T> torch::Tensor ids_of(const T &x) {
  return BUCKETS32(x, torch::rand({2}));
}
void through_a_template_a_lambda_and_a_macro(bool compact) {
  auto a = ids_of(torch::rand({4}));
  torch::mm(a.view({2, 2}), torch::ones({2, 2}, torch::kInt));
  auto f = [](const torch::Tensor &x) { return torch::bucketize(x, x, true); };
  torch::mm(f(torch::rand({4})).view({2, 2}), torch::ones({2, 2}, torch::kInt));
  constexpr bool kCompact = true;
  auto b = torch::bucketize(torch::rand({4}), torch::rand({2}), kCompact);
  torch::mm(b.view({2, 2}), torch::ones({2, 2}, torch::kInt));
}
