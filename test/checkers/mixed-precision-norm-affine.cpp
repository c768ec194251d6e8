// torchdtype-mixed-precision on group_norm and layer_norm given weight and
// bias: on PyTorch 1.13 the input, weight and bias need one dtype (observed
// on 1.13.1: runtime cases group_norm_f64_f32_weights_throws,
// layer_norm_bf16_f32_weights_throws); 2.x has mixed-type CPU kernels for
// 16-bit inputs beside float32 parameters, so from 2.0 these calls are not
// judged so (V214: no warning). A float16 input on 1.13 throws for its own
// dtype first, which torchdtype-half-on-cpu reports alone (flow-op-results'
// half_input_float_affine, which runs every check).
// RUN: %check_clang_tidy -check-suffix=V113 %s torchdtype-mixed-precision %t -- -config="{CheckOptions: {PyTorchVersion: '1.13'}}"
// RUN: %check_clang_tidy -check-suffix=V214 %s torchdtype-mixed-precision %t
#include <torch/torch.h>
#include <ATen/autocast_mode.h>

bool flag();

// ---- Positives (1.13) -------------------------------------------------------

void double_input_float_affine() {
  auto x = torch::randn({2, 16, 8}, torch::kDouble);
  auto w = torch::ones({16});
  auto y = torch::group_norm(x, 4, w, torch::zeros({16}));
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'group_norm' requires operands of the same dtype but gets Double and Float; this throws at run time: "expected scalar type Double but found Float" [kb: pytorch/scalar-type-mismatch] [torchdtype-mixed-precision]
}

void bfloat16_input_float_affine(bool affine) {
  auto gamma = torch::ones({8});
  auto x = torch::randn({2, 8}).to(torch::kBFloat16);
  if (affine) {
    auto y = torch::layer_norm(x, {8}, gamma, gamma);
    // CHECK-MESSAGES-V113: :[[@LINE-1]]:14: warning: 'layer_norm' requires operands of the same dtype but gets BFloat16 and Float{{.*}} [torchdtype-mixed-precision]
  }
}

void in_a_loop_and_lambda() {
  auto w = torch::ones({8}, torch::kDouble);
  auto norm = [&](const at::Tensor &h) { return torch::layer_norm(h, {8}, w); };
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:49: warning: 'layer_norm' requires operands of the same dtype but gets Float and Double{{.*}} [torchdtype-mixed-precision]
  for (int i = 0; i < 3; ++i)
    norm(torch::randn({2, 8}));
}

template <typename T> void templated(torch::Dtype d) {
  auto y = torch::group_norm(torch::randn({2, 4, 3}, d), 2, torch::ones({4}));
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'group_norm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
}
void use_templated() { templated<double>(torch::kDouble); }

#define NORM(x, w) torch::layer_norm(x, {8}, w, w)
void in_macro() {
  auto y = NORM(torch::randn({2, 8}, torch::kDouble), torch::ones({8}));
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'layer_norm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
}

// ---- Negatives --------------------------------------------------------------

void same_dtypes_and_no_affine() {
  auto x = torch::randn({2, 16, 8});
  auto a = torch::group_norm(x, 4, torch::ones({16}), torch::zeros({16}));
  auto b = torch::layer_norm(x.to(torch::kDouble), {8});
  auto c = torch::layer_norm(torch::randn({2, 8}, torch::kDouble), {8},
                             torch::ones({8}, torch::kDouble));
}

void weights_of_unknown_dtype(const at::Tensor &w) {
  auto y = torch::layer_norm(torch::randn({2, 8}, torch::kDouble), {8}, w, w);
}

void affine_on_one_path_only() {
  auto x = torch::randn({2, 8}, torch::kDouble);
  torch::Tensor w = flag() ? torch::ones({8}) : torch::ones({8}, torch::kDouble);
  auto y = torch::layer_norm(x, {8}, w);
}
