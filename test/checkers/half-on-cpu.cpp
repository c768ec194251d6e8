// torchdtype-half-on-cpu: ops with no CPU float16 kernel. They exist from
// PyTorch 2.1 on (cpu_half.json: the 2.6 and 2.14 lists are empty), so only a
// 1.13 target is reported; the default target (2.14) reports nothing.
// RUN: %check_clang_tidy -check-suffix=V113 %s torchdtype-half-on-cpu %t -- -config="{CheckOptions: {PyTorchVersion: '1.13'}}"
// RUN: %check_clang_tidy -check-suffix=V214 %s torchdtype-half-on-cpu %t
// RUN: %check_clang_tidy -check-suffix=V26 %s torchdtype-half-on-cpu %t -- -config="{CheckOptions: {PyTorchVersion: '2.6'}}"
#include <torch/torch.h>
#include <ATen/autocast_mode.h>

namespace F = torch::nn::functional;
bool flag();

// ---- Positives ------------------------------------------------------------

void matrix_products() {
  auto a = torch::randn({2, 2}, torch::kHalf);
  auto b = torch::randn({2, 2}, torch::kHalf);
  auto c = torch::mm(a, b);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'mm' has no CPU kernel for float16 in PyTorch 1.13; this throws at run time{{.*}} [kb: pytorch/dtype-not-implemented] [torchdtype-half-on-cpu]
  // CHECK-MESSAGES-V113: :[[@LINE-4]]:33: note: operand 'a' has dtype Half from here
  auto d = a.matmul(b);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'matmul' has no CPU kernel for float16 in PyTorch 1.13; this throws at run time{{.*}} [kb: pytorch/dtype-not-implemented] [torchdtype-half-on-cpu]
  auto e = torch::bmm(a, b);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'bmm' has no CPU kernel for float16 in PyTorch 1.13; this throws at run time{{.*}} [kb: pytorch/dtype-not-implemented] [torchdtype-half-on-cpu]
  auto g = torch::addmm(a, a, b);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'addmm' has no CPU kernel for float16 in PyTorch 1.13; this throws at run time{{.*}} [kb: pytorch/dtype-not-implemented] [torchdtype-half-on-cpu]
}

void linear_and_conv() {
  auto x = torch::randn({4, 3}, torch::kHalf);
  auto w = torch::randn({2, 3}, torch::kHalf);
  auto y = torch::linear(x, w);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'linear' has no CPU kernel for float16 in PyTorch 1.13; this throws at run time{{.*}} [kb: pytorch/dtype-not-implemented] [torchdtype-half-on-cpu]
  auto z = F::linear(x, w);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'linear' has no CPU kernel for float16 in PyTorch 1.13; this throws at run time{{.*}} [kb: pytorch/dtype-not-implemented] [torchdtype-half-on-cpu]
  auto img = torch::randn({1, 1, 4, 4}, torch::kHalf);
  auto k = torch::randn({1, 1, 3, 3}, torch::kHalf);
  auto c = torch::conv2d(img, k);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'conv2d' has no CPU kernel for float16 in PyTorch 1.13; this throws at run time{{.*}} [kb: pytorch/dtype-not-implemented] [torchdtype-half-on-cpu]
}

void normalization_softmax_activations() {
  auto x = torch::randn({4, 3}, torch::kHalf);
  auto a = torch::layer_norm(x, {3});
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'layer_norm' has no CPU kernel for float16 in PyTorch 1.13; this throws at run time{{.*}} [kb: pytorch/dtype-not-implemented] [torchdtype-half-on-cpu]
  auto b = F::layer_norm(x, F::LayerNormFuncOptions({3}));
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'layer_norm' has no CPU kernel for float16 in PyTorch 1.13; this throws at run time{{.*}} [kb: pytorch/dtype-not-implemented] [torchdtype-half-on-cpu]
  auto c = torch::group_norm(x, 1);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'group_norm' has no CPU kernel for float16 in PyTorch 1.13; this throws at run time{{.*}} [kb: pytorch/dtype-not-implemented] [torchdtype-half-on-cpu]
  auto d = torch::softmax(x, 1);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'softmax' has no CPU kernel for float16 in PyTorch 1.13; this throws at run time{{.*}} [kb: pytorch/dtype-not-implemented] [torchdtype-half-on-cpu]
  auto e = x.log_softmax(1);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'log_softmax' has no CPU kernel for float16 in PyTorch 1.13; this throws at run time{{.*}} [kb: pytorch/dtype-not-implemented] [torchdtype-half-on-cpu]
  auto f = F::softmax(x, F::SoftmaxFuncOptions(1));
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'softmax' has no CPU kernel
  // for float16 in PyTorch 1.13; this throws at run time{{.*}} [kb:
  // pytorch/dtype-not-implemented] [torchdtype-half-on-cpu] Options given a
  // dtype: it computes in float32 (observed on 1.13.1).
  auto f2 = F::softmax(x, F::SoftmaxFuncOptions(1).dtype(torch::kFloat));
  auto fopts = F::SoftmaxFuncOptions(1).dtype(torch::kFloat);
  auto f3 = F::softmax(x, fopts);
  auto g = torch::relu(x);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'relu' has no CPU kernel for float16 in PyTorch 1.13; this throws at run time{{.*}} [kb: pytorch/dtype-not-implemented] [torchdtype-half-on-cpu]
  auto h = x.relu();
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'relu' has no CPU kernel for float16 in PyTorch 1.13; this throws at run time{{.*}} [kb: pytorch/dtype-not-implemented] [torchdtype-half-on-cpu]
  auto i = F::relu(x);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'relu' has no CPU kernel for float16 in PyTorch 1.13; this throws at run time{{.*}} [kb: pytorch/dtype-not-implemented] [torchdtype-half-on-cpu]
  auto j = torch::gelu(x);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'gelu' has no CPU kernel for float16 in PyTorch 1.13; this throws at run time{{.*}} [kb: pytorch/dtype-not-implemented] [torchdtype-half-on-cpu]
  auto k = x.exp();
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'exp' has no CPU kernel for float16 in PyTorch 1.13; this throws at run time{{.*}} [kb: pytorch/dtype-not-implemented] [torchdtype-half-on-cpu]
  auto l = torch::sigmoid(x);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'sigmoid' has no CPU kernel for float16 in PyTorch 1.13; this throws at run time{{.*}} [kb: pytorch/dtype-not-implemented] [torchdtype-half-on-cpu]
  auto m = torch::max_pool2d(x.unsqueeze(0), {2, 2});
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'max_pool2d' has no CPU kernel for float16 in PyTorch 1.13; this throws at run time{{.*}} [kb: pytorch/dtype-not-implemented] [torchdtype-half-on-cpu]
}

void converted_to_half() {
  auto x = torch::randn({4, 3});
  auto h = x.to(torch::kHalf);
  auto y = torch::mm(h, h.t());
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'mm' has no CPU kernel for float16 in PyTorch 1.13; this throws at run time{{.*}} [kb: pytorch/dtype-not-implemented] [torchdtype-half-on-cpu]
  // CHECK-MESSAGES-V113: :[[@LINE-3]]:{{[0-9]+}}: note: operand 'h' has dtype Half from here
}

void half_module_forward() {
  torch::nn::Linear lin(3, 2);
  lin->to(torch::kHalf);
  auto x = torch::randn({4, 3}, torch::kHalf);
  auto y = lin->forward(x);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'linear' has no CPU kernel for float16 in PyTorch 1.13; this throws at run time{{.*}} [kb: pytorch/dtype-not-implemented] [torchdtype-half-on-cpu]
  torch::nn::LayerNorm ln(std::vector<int64_t>{3});
  ln->to(torch::kHalf);
  auto z = ln->forward(x);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'layer_norm' has no CPU kernel for float16 in PyTorch 1.13; this throws at run time{{.*}} [kb: pytorch/dtype-not-implemented] [torchdtype-half-on-cpu]
}

void half_module_through_holder() {
  torch::nn::Linear lin(3, 2);
  lin->to(torch::kHalf);
  auto x = torch::randn({4, 3}, torch::kHalf);
  auto y = lin(x);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'linear' has no CPU kernel for float16 in PyTorch 1.13; this throws at run time{{.*}} [kb: pytorch/dtype-not-implemented] [torchdtype-half-on-cpu]
  // CHECK-MESSAGES-V113: :[[@LINE-3]]:33: note: operand 'x' has dtype Half from here
  torch::nn::Conv2d conv(1, 1, 3);
  conv->to(torch::kHalf);
  auto img = torch::randn({1, 1, 4, 4}, torch::kHalf);
  auto c = conv(img);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'conv2d' has no CPU kernel for float16 in PyTorch 1.13; this throws at run time{{.*}} [kb: pytorch/dtype-not-implemented] [torchdtype-half-on-cpu]
  torch::nn::LayerNorm ln(std::vector<int64_t>{4});
  ln->to(torch::kHalf);
  auto z = ln(img);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'layer_norm' has no CPU kernel for float16 in PyTorch 1.13; this throws at run time{{.*}} [kb: pytorch/dtype-not-implemented] [torchdtype-half-on-cpu]
}

void float_module_with_half_input() {
  // A float32 module given a Half input: module-input-dtype's finding (the
  // dtypes differ), not this check's.
  torch::nn::Linear lin(3, 2);
  auto x = torch::randn({4, 3}, torch::kHalf);
  auto y = lin(x);
}

void half_module_converted_back() {
  torch::nn::Linear lin(3, 2);
  lin->to(torch::kHalf);
  lin->to(torch::kFloat);
  auto x = torch::randn({4, 3});
  auto y = lin(x);
}

void half_losses_with_long_target() {
  // The Long target of class indices does not matter: the Half input does.
  auto logits = torch::randn({4, 3}, torch::kHalf);
  auto target = torch::zeros({4}, torch::kLong);
  auto a = torch::nll_loss(logits, target);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'nll_loss' has no CPU kernel for float16 in PyTorch 1.13; this throws at run time{{.*}} [kb: pytorch/dtype-not-implemented] [torchdtype-half-on-cpu]
  auto b = F::cross_entropy(logits, target);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'cross_entropy' has no CPU kernel for float16 in PyTorch 1.13; this throws at run time{{.*}} [kb: pytorch/dtype-not-implemented] [torchdtype-half-on-cpu]
}

// ---- Flow: helpers, lambdas, templates, macros, loops -----------------------

torch::Tensor to_half(const torch::Tensor& t) { return t.to(torch::kHalf); }

void through_helper() {
  auto x = to_half(torch::randn({2, 2}));
  auto y = torch::mm(x, x);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'mm' has no CPU kernel for float16 in PyTorch 1.13; this throws at run time{{.*}} [kb: pytorch/dtype-not-implemented] [torchdtype-half-on-cpu]
}

void in_lambda() {
  auto x = torch::randn({2, 2}, torch::kHalf);
  auto f = [x]() { return torch::softmax(x, 1); };
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:27: warning: 'softmax' has no CPU kernel for float16 in PyTorch 1.13; this throws at run time{{.*}} [kb: pytorch/dtype-not-implemented] [torchdtype-half-on-cpu]
  f();
}

template <typename T>
torch::Tensor activate(const T& x) {
  return torch::relu(x);
  // x is a parameter: judged with the caller's float16 tensor below.
  // CHECK-MESSAGES-V113: :[[@LINE-2]]:10: warning: 'relu' has no CPU kernel for float16 in PyTorch 1.13; this throws at run time{{.*}} [kb: pytorch/dtype-not-implemented] [torchdtype-half-on-cpu]
  // CHECK-MESSAGES-V113: :[[@LINE+13]]:3: note: in this call of 'activate'
}

template <typename T>
torch::Tensor make_and_multiply() {
  auto x = torch::randn({2, 2}, T::value);
  return torch::mm(x, x);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:10: warning: 'mm' has no CPU kernel for float16 in PyTorch 1.13; this throws at run time{{.*}} [kb: pytorch/dtype-not-implemented] [torchdtype-half-on-cpu]
}
struct HalfTag { static constexpr auto value = torch::kHalf; };
struct FloatTag { static constexpr auto value = torch::kFloat; };

void templates() {
  activate(torch::randn({2}, torch::kHalf));
  make_and_multiply<HalfTag>();
  make_and_multiply<FloatTag>();
}

#define HALF_MM(a, b) torch::mm((a), (b))
void in_macro() {
  auto x = torch::randn({2, 2}, torch::kHalf);
  auto y = HALF_MM(x, x);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'mm' has no CPU kernel for float16 in PyTorch 1.13; this throws at run time{{.*}} [kb: pytorch/dtype-not-implemented] [torchdtype-half-on-cpu]
}

void in_loop() {
  auto x = torch::randn({2, 2}, torch::kHalf);
  for (int i = 0; i < 3; ++i) {
    x = torch::mm(x, x);
    // CHECK-MESSAGES-V113: :[[@LINE-1]]:9: warning: 'mm' has no CPU kernel for float16 in PyTorch 1.13; this throws at run time{{.*}} [kb: pytorch/dtype-not-implemented] [torchdtype-half-on-cpu]
  }
}

// ---- Negatives --------------------------------------------------------------

void ops_that_exist_for_half() {
  auto a = torch::randn({2, 2}, torch::kHalf);
  auto b = torch::randn({2, 2}, torch::kHalf);
  auto c = a + b;
  auto d = torch::add(a, b);
  auto e = a.mul(b);
  auto f = torch::mul(a, b);
  auto g = a.sum();
  auto h = a.mean();
  auto i = torch::cat({a, b});
  auto j = a.to(torch::kFloat).mm(b.to(torch::kFloat));
}

void half_on_cuda() {
  auto a = torch::randn({2, 2}, torch::TensorOptions().dtype(torch::kHalf).device(torch::kCUDA));
  auto b = torch::mm(a, a);
  auto c = torch::softmax(a, 1);
  auto d = torch::randn({2, 2}, torch::kHalf).cuda();
  auto e = torch::relu(d);
}

void float32_and_bfloat16() {
  auto a = torch::randn({2, 2});
  auto b = torch::mm(a, a);
  auto c = torch::randn({2, 2}, torch::kBFloat16);
  auto d = torch::mm(c, c);
  auto e = torch::randn({2, 2}, torch::kDouble).relu();
}

void mixed_half_float() {
  // Mixed dtypes are torchdtype-mixed-precision's finding, not this check's.
  auto a = torch::randn({2, 2});
  auto h = torch::randn({2, 2}, torch::kHalf);
  auto c = torch::mm(a, h);
  auto d = torch::linear(a, h);
}

void dropout_not_reported() {
  // Half dropout throws only in training mode (bernoulli_scalar_cpu_), which
  // the analysis cannot see.
  auto a = torch::randn({2, 2}, torch::kHalf);
  auto b = torch::dropout(a, 0.5, true);
  auto c = F::dropout(a);
}

void cpu_autocast_region() {
  // CPU autocast runs mm/linear/conv in bfloat16: no Half kernel is needed.
  at::autocast::set_cpu_enabled(true);
  auto a = torch::randn({2, 2}, torch::kHalf);
  auto b = torch::mm(a, a);
  auto c = torch::linear(a, a);
  at::autocast::set_cpu_enabled(false);
}

void cpu_autocast_region_new_api() {
  at::autocast::set_autocast_enabled(at::kCPU, true);
  auto a = torch::randn({2, 2}, torch::kHalf);
  auto b = a.matmul(a);
  at::autocast::set_autocast_enabled(at::kCPU, false);
}

void cpu_autocast_does_not_cover_relu() {
  // relu is on no CPU autocast list: it runs in Half and throws.
  at::autocast::set_cpu_enabled(true);
  auto a = torch::randn({2, 2}, torch::kHalf);
  auto b = torch::relu(a);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'relu' has no CPU kernel for float16 in PyTorch 1.13; this throws at run time{{.*}} [kb: pytorch/dtype-not-implemented] [torchdtype-half-on-cpu]
  at::autocast::set_cpu_enabled(false);
  auto c = torch::mm(a, a);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'mm' has no CPU kernel for float16 in PyTorch 1.13; this throws at run time{{.*}} [kb: pytorch/dtype-not-implemented] [torchdtype-half-on-cpu]
}

void cuda_autocast_does_not_cover_cpu() {
  at::autocast::set_enabled(true);
  auto a = torch::randn({2, 2}, torch::kHalf);
  auto b = torch::mm(a, a);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'mm' has no CPU kernel for float16 in PyTorch 1.13; this throws at run time{{.*}} [kb: pytorch/dtype-not-implemented] [torchdtype-half-on-cpu]
  at::autocast::set_enabled(false);
}

void half_on_one_path_only() {
  auto a = torch::randn({2, 2});
  if (flag())
    a = a.to(torch::kHalf);
  auto b = torch::mm(a, a);
}

void device_on_one_path_only() {
  auto a = torch::randn({2, 2}, torch::kHalf);
  if (flag())
    a = a.cuda();
  auto b = torch::softmax(a, 0);
}

void converted_back() {
  auto a = torch::randn({2, 2}, torch::kHalf);
  a = a.to(torch::kFloat);
  auto b = torch::mm(a, a);
}

void unknown_dtype(const torch::Tensor& p) {
  auto b = torch::mm(p, p);
  auto c = torch::relu(p);
}

// An activation module runs its op (api.json activation_modules).
void activation_module_on_half() {
  torch::nn::ReLU act;
  auto x = torch::randn({2, 4}).to(torch::kHalf);
  auto y = act(x);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'relu' has no CPU kernel for float16 in PyTorch 1.13; this throws at run time{{.*}} [kb: pytorch/dtype-not-implemented] [torchdtype-half-on-cpu]
}

void activation_module_on_float_negative() {
  torch::nn::ReLU act;
  auto y = act(torch::randn({2, 4}));
}

// An op not in cpu_half.json's list: the measured contract table says its
// CPU kernel lacks float16 on 1.13.1 (softplus), for the op and the module.
void measured_op_on_half() {
  auto x = torch::randn({2, 4}).to(torch::kHalf);
  auto y = torch::softplus(x);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'softplus' has no CPU kernel for float16 in PyTorch 1.13; this throws at run time: ""softplus_cpu" not implemented for 'Half'" [kb: pytorch/dtype-not-implemented] [torchdtype-half-on-cpu]
}

void measured_module_on_half() {
  torch::nn::Softplus act;
  auto y = act(torch::randn({2, 4}).to(torch::kHalf));
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'softplus' has no CPU kernel for float16 in PyTorch 1.13{{.*}} [torchdtype-half-on-cpu]
}

void measured_op_on_bfloat16_negative() {
  // softplus has a CPU bfloat16 kernel on 1.13.1 (measured).
  auto y = torch::softplus(torch::randn({2, 4}).to(torch::kBFloat16));
}

void size_dependent_kernel_negative() {
  // adaptive_avg_pool2d to a 1x1 output runs in Half (through mean); the
  // table's measurement used another size, so it is not judged from it.
  torch::nn::AdaptiveAvgPool2d pool(1);
  auto y = pool(torch::randn({1, 2, 4, 4}).to(torch::kHalf));
}

