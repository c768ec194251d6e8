// RUN: %check_clang_tidy %s torchdtype-mixed-precision %t
#include <torch/torch.h>

namespace F = torch::nn::functional;

// ---- Positives: straight-line code --------------------------------------

void basic() {
  auto a = torch::randn({2, 2});
  auto b = torch::randn({2, 2}, torch::kHalf);
  auto c = torch::mm(a, b);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Half; this throws at run time{{.*}} [kb: pytorch/mm-kernel-dtype-mismatch] [torchdtype-mixed-precision]
  // CHECK-MESSAGES-DAG: :[[@LINE-4]]:{{[0-9]+}}: note: operand 'a' has dtype Float from here
  // CHECK-MESSAGES-DAG: :[[@LINE-4]]:{{[0-9]+}}: note: operand 'b' has dtype Half from here
}

void operand_order() {
  auto a = torch::randn({2, 2});
  auto b = torch::randn({2, 2}, torch::kHalf);
  auto c = torch::mm(b, a);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Half and Float; this throws at run time{{.*}} [kb: pytorch/mm-kernel-dtype-mismatch] [torchdtype-mixed-precision]
}

void method_calls() {
  auto a = torch::rand({2, 2});
  auto b = torch::ones({2, 2}, torch::kBFloat16);
  auto c = a.mm(b);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and BFloat16; this throws at run time{{.*}} [kb: pytorch/mm-kernel-dtype-mismatch] [torchdtype-mixed-precision]
  auto d = a.matmul(b);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'matmul' requires operands of the same dtype but gets Float and BFloat16; this throws at run time{{.*}} [kb: pytorch/mm-kernel-dtype-mismatch] [torchdtype-mixed-precision]
}

void at_namespace_and_aliases() {
  auto a = at::randn({2, 2});
  auto b = at::zeros({2, 2}, at::kDouble);
  auto c = at::mm(a, b);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Double; this throws at run time{{.*}} [kb: pytorch/mm-kernel-dtype-mismatch] [torchdtype-mixed-precision]
  auto h16 = torch::empty({2, 2}, torch::kFloat16);
  auto f32 = torch::empty({2, 2}, torch::kF32);
  auto d = torch::matmul(f32, h16);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'matmul' requires operands of the same dtype but gets Float and Half; this throws at run time{{.*}} [kb: pytorch/mm-kernel-dtype-mismatch] [torchdtype-mixed-precision]
  auto e = torch::ones({2, 2}, c10::ScalarType::Half);
  auto g = torch::bmm(f32, e);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'bmm' requires operands of the same dtype but gets Float and Half; this throws at run time{{.*}} [kb: pytorch/scalar-type-mismatch] [torchdtype-mixed-precision]
}

void options_forms() {
  auto a = torch::randn({2, 2}, torch::TensorOptions().dtype(torch::kFloat32).requires_grad(true));
  auto b = torch::randn({2, 2}, torch::dtype(torch::kHalf));
  auto c = torch::randn({2, 2}, torch::TensorOptions().dtype(torch::kDouble));
  auto d = torch::mm(a, b);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Half; this throws at run time{{.*}} [kb: pytorch/mm-kernel-dtype-mismatch] [torchdtype-mixed-precision]
  auto e = torch::mm(a, c);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Double; this throws at run time{{.*}} [kb: pytorch/mm-kernel-dtype-mismatch] [torchdtype-mixed-precision]
  auto g = torch::full({2, 2}, 1.5, torch::kHalf);
  auto h = torch::mm(a, g);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Half; this throws at run time{{.*}} [kb: pytorch/mm-kernel-dtype-mismatch] [torchdtype-mixed-precision]
}

void conversions() {
  auto a = torch::randn({2, 2});
  auto b = a.to(torch::kHalf);
  auto c = torch::mm(a, b);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Half; this throws at run time{{.*}} [kb: pytorch/mm-kernel-dtype-mismatch] [torchdtype-mixed-precision]
  auto d = a.toType(torch::kBFloat16);
  auto e = torch::mm(a, d);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and BFloat16; this throws at run time{{.*}} [kb: pytorch/mm-kernel-dtype-mismatch] [torchdtype-mixed-precision]
  auto g = a.to(torch::TensorOptions().dtype(torch::kDouble));
  auto h = torch::mm(a, g);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Double; this throws at run time{{.*}} [kb: pytorch/mm-kernel-dtype-mismatch] [torchdtype-mixed-precision]
  auto i = a.type_as(b);
  auto j = torch::mm(a, i);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Half; this throws at run time{{.*}} [kb: pytorch/mm-kernel-dtype-mismatch] [torchdtype-mixed-precision]
  auto k = torch::randn({2, 2}, torch::kDouble).to(b);
  auto l = torch::mm(a, k);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Half; this throws at run time{{.*}} [kb: pytorch/mm-kernel-dtype-mismatch] [torchdtype-mixed-precision]
}

void dtype_preserving_ops() {
  auto a = torch::randn({2, 2});
  auto b = torch::randn({2, 2}, torch::kHalf);
  auto c = torch::mm(a.t().contiguous(), b.relu().clone().detach());
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Half; this throws at run time{{.*}} [kb: pytorch/mm-kernel-dtype-mismatch] [torchdtype-mixed-precision]
  auto d = a.view({4}).unsqueeze(0).reshape({2, 2}).transpose(0, 1).mm(b.permute({1, 0}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Half; this throws at run time{{.*}} [kb: pytorch/mm-kernel-dtype-mismatch] [torchdtype-mixed-precision]
}

void three_operand_and_nn_ops() {
  auto bias = torch::zeros({2, 2});
  auto a = torch::randn({2, 2});
  auto h = torch::randn({2, 2}, torch::kHalf);
  auto c = torch::addmm(bias, a, h);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'addmm' requires operands of the same dtype but gets Float and Half; this throws at run time{{.*}} [kb: pytorch/addmm-dtype-mismatch] [torchdtype-mixed-precision]
  auto w64 = torch::randn({4, 2}, torch::kDouble);
  auto d = torch::linear(a, w64);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'linear' requires operands of the same dtype but gets Float and Double; this throws at run time{{.*}} [kb: pytorch/addmm-dtype-mismatch] [torchdtype-mixed-precision]
  auto e = F::linear(a, w64);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'linear' requires operands of the same dtype but gets Float and Double; this throws at run time{{.*}} [kb: pytorch/addmm-dtype-mismatch] [torchdtype-mixed-precision]
  auto img = torch::randn({1, 3, 8, 8});
  auto k16 = torch::randn({4, 3, 3, 3}, torch::kHalf);
  auto g = torch::conv2d(img, k16);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'conv2d' requires operands of the same dtype but gets Float and Half; this throws at run time{{.*}} [kb: pytorch/conv-type-mismatch] [torchdtype-mixed-precision]
  auto i = F::conv2d(img, k16, F::Conv2dFuncOptions().stride(1));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'conv2d' requires operands of the same dtype but gets Float and Half; this throws at run time{{.*}} [kb: pytorch/conv-type-mismatch] [torchdtype-mixed-precision]
  auto v = torch::randn({2}, torch::kHalf);
  auto j = torch::mv(a, v);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mv' requires operands of the same dtype but gets Float and Half; this throws at run time{{.*}} [kb: pytorch/scalar-type-mismatch] [torchdtype-mixed-precision]
}

void in_place_addmm() {
  auto acc = torch::zeros({2, 2});
  auto a = torch::randn({2, 2}, torch::kBFloat16);
  auto b = torch::randn({2, 2}, torch::kBFloat16);
  acc.addmm_(a, b);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'addmm_' requires operands of the same dtype but gets Float and BFloat16; this throws at run time{{.*}} [kb: pytorch/addmm-dtype-mismatch] [torchdtype-mixed-precision]
}

// ---- Negatives ------------------------------------------------------------

void same_dtype() {
  auto a = torch::randn({2, 2});
  auto b = torch::rand({2, 2}, torch::kFloat);
  auto c = torch::mm(a, b);
  auto h1 = torch::randn({2, 2}, torch::kHalf);
  auto h2 = torch::randn({2, 2}).to(torch::kFloat16);
  auto d = torch::mm(h1, h2);
  auto e = a.matmul(b.t());
}

void promoting_elementwise_ops() {
  auto f32 = torch::randn({2, 2});
  auto i64 = torch::randint(0, 10, {2, 2});
  auto f16 = torch::randn({2, 2}, torch::kHalf);
  auto a = i64 + f32;
  auto b = torch::add(f16, f32);
  auto c = f32.add(f16);
  auto d = f32 * f16;
  auto e = f32.mul(i64);
  f32 += f16;
  f32.add_(i64);
}

void unknown_stays_unknown(const torch::Tensor& p, torch::Tensor q) {
  auto h = torch::randn({2, 2}, torch::kHalf);
  auto a = torch::mm(p, h);
  auto b = torch::mm(h, q);
  auto c = p.mm(q.to(torch::kDouble));
  auto d = torch::mm(p.to(q.dtype()), h);
}

void integer_factory_is_not_float() {
  auto idx = torch::arange(4);
  auto f = torch::randn({4});
  auto s = f.index_select(0, idx);
}
