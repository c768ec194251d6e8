// torchdtype-unsupported-dtype on index lists: Tensor::index({...}) and
// index_put_({...}, v) take their tensor indices as the schema's Tensor?[],
// which LibTorch 1.13.1 requires to be Long, Byte or Bool (the measured
// table: "tensors used as indices must be long, byte or bool tensors");
// slices and integers in the list are not indices of that kind. Only a 1.13
// target is judged (2.x accepts Int indices in index).
// RUN: %check_clang_tidy -check-suffix=V113 %s torchdtype-unsupported-dtype %t -- -config="{CheckOptions: {PyTorchVersion: '1.13'}}"
// RUN: %check_clang_tidy -check-suffix=V214 %s torchdtype-unsupported-dtype %t
#include <torch/torch.h>

using torch::indexing::Slice;

bool flag();
#define ROWS(x, i) (x).index({(i)})

// ---- Positives ------------------------------------------------------------

void int32_rows() {
  auto table = torch::rand({10, 4});
  auto ids = torch::zeros({3}, torch::kInt);
  auto rows = table.index({ids});
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:15: warning: 'index' does not take Int 'ids' in PyTorch 1.13 (Long, Bool or Byte would run); this throws at run time: "tensors used as indices must be long, byte or bool tensors" [kb: pytorch/op-dtype-contract] [torchdtype-unsupported-dtype]
  // CHECK-MESSAGES-V113: :[[@LINE-3]]:{{[0-9]+}}: note: operand 'ids' has dtype Int from here
}

void slice_then_int32_columns() {
  auto x = torch::rand({4, 6});
  auto cols = torch::zeros({2}, torch::kInt);
  auto picked = x.index({Slice(), cols});
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:17: warning: 'index' does not take Int 'cols'{{.*}}
}

void float_indices_put() {
  auto x = torch::zeros({5});
  auto where = torch::ones({2});
  x.index_put_({where}, torch::ones({2}));
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:3: warning: 'index_put_' does not take Float 'where'{{.*}}"tensors used as indices must be long, byte or bool tensors"{{.*}}
}

torch::Tensor lookup_rows(const torch::Tensor &table, const torch::Tensor &ids) {
  return table.index({ids});
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:10: warning: 'index' does not take Int 'ids'{{.*}}
}

void through_a_helper() {
  auto ids = torch::zeros({3}, torch::kInt);
  auto rows = lookup_rows(torch::rand({10, 4}), ids);
}

// Branches: the dtype on the path that reaches the op.
void on_one_branch(bool compact) {
  auto table = torch::rand({10, 4});
  auto ids = torch::zeros({3}, torch::kLong);
  if (compact)
    ids = ids.to(torch::kInt);
  auto rows = table.index({ids});
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:15: warning: 'index' does not take Int 'ids'{{.*}}
  // CHECK-MESSAGES-V113: :[[@LINE-4]]:7: note: assuming 'compact' is true
}

// Loops, lambdas, templates, macros.
void in_a_loop() {
  auto table = torch::rand({10, 4});
  for (int i = 0; i < 3; ++i) {
    auto ids = torch::full({2}, i, torch::kInt);
    auto rows = table.index({ids});
    // CHECK-MESSAGES-V113: :[[@LINE-1]]:17: warning: 'index' does not take Int 'ids'{{.*}}
  }
}

void in_a_lambda() {
  auto table = torch::rand({10, 4});
  auto take = [&](const torch::Tensor &ids) { return table.index({ids}); };
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:54: warning: 'index' does not take Int 'ids'{{.*}}
  take(torch::zeros({2}, torch::kInt));
}

template <typename T> torch::Tensor gather_rows(const T &table, const torch::Tensor &ids) {
  return table.index({ids});
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:10: warning: 'index' does not take Int 'ids'{{.*}}
}

void through_a_template() {
  auto rows = gather_rows(torch::rand({10, 4}), torch::zeros({2}, torch::kInt));
}

void in_a_macro() {
  auto table = torch::rand({10, 4});
  auto ids = torch::zeros({3}, torch::kInt);
  auto rows = ROWS(table, ids);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:15: warning: 'index' does not take Int 'ids'{{.*}}
}

// ---- Negatives ------------------------------------------------------------

void long_bool_and_byte_indices() {
  auto table = torch::rand({10, 4});
  auto a = table.index({torch::zeros({3}, torch::kLong)});
  auto b = table.index({torch::ones({10}, torch::kBool)});
  auto c = table.index({torch::ones({10}, torch::kByte)});
  auto d = table.index({torch::zeros({3}, torch::kInt).to(torch::kLong)});
}

void integers_and_slices_only() {
  auto x = torch::rand({4, 6});
  auto a = x.index({0});
  auto b = x.index({Slice(1, 3), 2});
}

void unknown_branch() {
  auto table = torch::rand({10, 4});
  auto ids = torch::zeros({3}, torch::kLong);
  if (flag())
    ids = ids.to(torch::kInt);
  auto rows = table.index({ids}); // Long or Int: not known, not reported
}

void indices_of_two_dtypes() {
  // Long and Int together: the table measured one dtype per list; quiet.
  auto x = torch::rand({4, 6});
  auto r = torch::zeros({2}, torch::kLong);
  auto c = torch::zeros({2}, torch::kInt);
  auto picked = x.index({r, c});
}

void unknown_indices(const torch::Tensor &ids) {
  auto rows = torch::rand({10, 4}).index({ids});
}

void long_indices_put() {
  auto x = torch::zeros({5});
  x.index_put_({torch::zeros({2}, torch::kLong)}, torch::ones({2}));
}
