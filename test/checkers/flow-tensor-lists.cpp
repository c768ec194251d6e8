// RUN: %check_clang_tidy -check-suffixes=,V113 %s torchdtype-mixed-precision,torchdtype-half-on-cpu %t -- -config="{CheckOptions: {PyTorchVersion: '1.13'}}"
// RUN: %check_clang_tidy %s torchdtype-mixed-precision,torchdtype-half-on-cpu %t -- -config="{CheckOptions: {PyTorchVersion: '2.6'}}"
// The lists of tensors an op returns (split, chunk, unbind): a
// list stands for the join of its elements, and the measured contract
// table (op_contracts.json, 1.13.1) says their dtype ("[Long,Long]"), so an
// element read (`parts[0]`, `.at(i)`, a range-for variable, also over a
// temporary list) has it. 2.x has no measured table: its lists stay
// unknown. An op taking a braced list of tensors (meshgrid) is looked up by
// the dtype all of them have; a list of mixed dtypes decides nothing.
#include <torch/torch.h>

// ---- Positives ------------------------------------------------------------

void split_of_integer_ids() {
  auto ids = torch::arange(8).view({4, 2});
  auto parts = torch::split(ids, 2);
  auto y = torch::mm(parts[0], torch::randn({2, 2}));
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Long and Float{{.*}} [torchdtype-mixed-precision]
}

void chunk_method_at() {
  auto h = torch::randn({4, 6}, torch::kDouble);
  auto heads = h.chunk(2, 1);
  auto y = torch::mm(heads.at(1), torch::randn({3, 3}));
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
}

void unbind_in_a_loop() {
  auto frames = torch::randn({3, 2, 2}).to(torch::kHalf);
  for (const auto &f : frames.unbind(0)) {
    auto y = torch::mm(f, f);
    // CHECK-MESSAGES-V113: :[[@LINE-1]]:14: warning: 'mm' has no CPU kernel for float16 in PyTorch 1.13{{.*}} [torchdtype-half-on-cpu]
  }
}

template <typename T> torch::Tensor first_half(const T &x) {
  return torch::chunk(x, 2)[0];
}

void through_a_template_and_a_lambda() {
  auto y = torch::mm(first_half(torch::randn({4, 2}, torch::kDouble)), torch::randn({2, 2}));
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
  auto pick = [](const torch::Tensor &x) { return torch::unbind(x)[0]; };
  auto z = torch::mm(pick(torch::randn({2, 2, 2})), torch::randn({2, 2}));
}

void meshgrid_of_integer_ranges() {
  auto grid = torch::meshgrid({torch::arange(3), torch::arange(2)}, "ij");
  auto y = torch::mm(grid[0], torch::randn({2, 2}));
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Long and Float{{.*}} [torchdtype-mixed-precision]
  auto old = torch::meshgrid({torch::arange(3, torch::kInt), torch::arange(2, torch::kInt)});
  auto z = torch::mm(old.back(), torch::randn({2, 2}));
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Int and Float{{.*}} [torchdtype-mixed-precision]
}

// The grid converted before the product; ranges of one floating dtype.
void meshgrid_converted_or_floating() {
  auto grid = torch::meshgrid({torch::arange(3), torch::arange(2)}, "ij");
  auto y = torch::mm(grid[0].to(torch::kFloat), torch::randn({2, 2}));
  auto f = torch::meshgrid({torch::arange(3, torch::kFloat), torch::arange(2, torch::kFloat)});
  auto z = torch::mm(f[0], torch::randn({2, 2}));
}

#define FIRST_SPLIT(t) torch::split((t), 1)[0]
void through_a_macro() {
  auto y = torch::mm(FIRST_SPLIT(torch::ones({2, 2}, torch::kInt)), torch::randn({2, 2}));
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Int and Float{{.*}} [torchdtype-mixed-precision]
}

// einsum's operands are the elements of its list: they need one dtype
// (observed on 1.13.1: runtime case einsum_f32_f64_throws). Which one the
// message names first depends on the equation, so it is not quoted.
void einsum_of_mixed_operands(bool wide) {
  auto users = torch::randn({4, 8}, torch::kBFloat16);
  auto items = torch::randn({6, 8});
  auto s = torch::einsum("bd,nd->bn", {users, items});
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'einsum' requires operands of the same dtype but gets BFloat16 and Float; this throws at run time [kb: pytorch/scalar-type-mismatch] [torchdtype-mixed-precision]
  auto q = wide ? items.to(torch::kDouble) : items;
  auto t = torch::einsum("bd,nd->bn", {items, q});
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'einsum' requires operands of the same dtype but gets Float and Double{{.*}} [torchdtype-mixed-precision]
  // CHECK-MESSAGES: :[[@LINE-3]]:12: note: assuming 'wide' is true
}

// ---- Negatives ------------------------------------------------------------

void einsum_of_one_dtype_negative() {
  auto users = torch::randn({4, 8}, torch::kBFloat16);
  auto items = torch::randn({6, 8});
  auto s = torch::einsum("bd,nd->bn", {users.to(torch::kFloat), items});
  auto r = torch::mm(torch::einsum("bd,nd->bn", {items, items}), torch::randn({6, 2}));
}


void float_parts_negative(bool wide) {
  auto x = torch::randn({4, 4});
  auto parts = wide ? torch::split(x, 2, 1) : x.chunk(2);
  auto y = torch::mm(parts[0], torch::randn({2, 2}));
  auto u = torch::unbind(torch::randn({2, 3, 3}));
  auto z = torch::mm(u[0], u[1]);
}

void converted_element_negative() {
  auto parts = torch::split(torch::arange(8).view({4, 2}), 2);
  auto y = torch::mm(parts[0].to(torch::kFloat), torch::randn({2, 2}));
}
