// RUN: %check_clang_tidy %s torchdtype-module-input-dtype %t
// The same findings when another check makes the matchers walk the whole
// translation unit (torchdtype-only runs walk the user's code only).
// RUN: %check_clang_tidy %s torchdtype-module-input-dtype,bugprone-use-after-move %t-walk-all
// RUN: %check_clang_tidy -check-suffix=IGNORE %s torchdtype-module-input-dtype %t -- -config="{CheckOptions: {torchdtype-module-input-dtype.IgnoreOpaqueModules: true}}"
#include <torch/torch.h>
#include <ATen/autocast_mode.h>

bool flag();

// ---- Positives: torch::nn layers -------------------------------------------

void linear_with_double_input() {
  torch::nn::Linear lin(3, 2);
  auto x = torch::randn({4, 3}, torch::kDouble);
  auto y = lin(x);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module 'lin' has Float parameters but gets a Double input; this throws at run time{{.*}} [kb: pytorch/addmm-dtype-mismatch] [torchdtype-module-input-dtype]
  // CHECK-MESSAGES: :[[@LINE-3]]:33: note: input 'x' has dtype Double from here
  // CHECK-MESSAGES-IGNORE: :[[@LINE-3]]:12: warning: module 'lin' has Float parameters but gets a Double input; this throws at run time{{.*}} [kb: pytorch/addmm-dtype-mismatch] [torchdtype-module-input-dtype]
  auto z = lin->forward(x);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module 'lin' has Float parameters but gets a Double input; this throws at run time{{.*}} [kb: pytorch/addmm-dtype-mismatch] [torchdtype-module-input-dtype]
  // CHECK-MESSAGES-IGNORE: :[[@LINE-2]]:12: warning: module 'lin' has Float parameters but gets a Double input; this throws at run time{{.*}} [kb: pytorch/addmm-dtype-mismatch] [torchdtype-module-input-dtype]
}

void linear_with_half_input() {
  torch::nn::Linear lin(3, 2);
  auto x = torch::randn({4, 3}).to(torch::kHalf);
  auto y = lin(x);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module 'lin' has Float parameters but gets a Half input; this throws at run time{{.*}} [kb: pytorch/addmm-dtype-mismatch] [torchdtype-module-input-dtype]
  // CHECK-MESSAGES-IGNORE: :[[@LINE-2]]:12: warning: module 'lin' has Float parameters but gets a Half input; this throws at run time{{.*}} [kb: pytorch/addmm-dtype-mismatch] [torchdtype-module-input-dtype]
}

void linear_moved_to_half_float_input() {
  torch::nn::Linear lin(3, 2);
  lin->to(torch::kHalf);
  auto x = torch::randn({4, 3});
  auto y = lin(x);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module 'lin' has Half parameters but gets a Float input; this throws at run time{{.*}} [kb: pytorch/addmm-dtype-mismatch] [torchdtype-module-input-dtype]
  // CHECK-MESSAGES: :[[@LINE-4]]:8: note: module 'lin' has dtype Half from here
  // CHECK-MESSAGES-IGNORE: :[[@LINE-3]]:12: warning: module 'lin' has Half parameters but gets a Float input; this throws at run time{{.*}} [kb: pytorch/addmm-dtype-mismatch] [torchdtype-module-input-dtype]
}

void conv2d_with_double_input() {
  torch::nn::Conv2d conv(torch::nn::Conv2dOptions(3, 8, 3).stride(1));
  auto img = torch::randn({1, 3, 8, 8}, torch::kFloat64);
  auto y = conv(img);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module 'conv' has Float parameters but gets a Double input; this throws at run time{{.*}} [kb: pytorch/conv-type-mismatch] [torchdtype-module-input-dtype]
  // CHECK-MESSAGES-IGNORE: :[[@LINE-2]]:12: warning: module 'conv' has Float parameters but gets a Double input; this throws at run time{{.*}} [kb: pytorch/conv-type-mismatch] [torchdtype-module-input-dtype]
}

void layer_norm_with_double_input() {
  torch::nn::LayerNorm ln(torch::nn::LayerNormOptions({4}));
  auto x = torch::randn({2, 4}, torch::kDouble);
  auto y = ln(x);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module 'ln' has Float parameters but gets a Double input; this throws at run time{{.*}} [kb: pytorch/scalar-type-mismatch] [torchdtype-module-input-dtype]
  // CHECK-MESSAGES-IGNORE: :[[@LINE-2]]:12: warning: module 'ln' has Float parameters but gets a Double input; this throws at run time{{.*}} [kb: pytorch/scalar-type-mismatch] [torchdtype-module-input-dtype]
}

void layer_norm_with_bfloat16_input() {
  // Refused by 1.13 (module-input-dtype-submodules.cpp); from 2.6 a
  // float32 LayerNorm is taken to accept it (api.json mixed_input_since).
  torch::nn::LayerNorm ln(torch::nn::LayerNormOptions({4}));
  auto y = ln(torch::randn({2, 4}, torch::kBFloat16));
}

// ---- Positives: the user's own modules -------------------------------------

struct NetImpl : torch::nn::Module {
  NetImpl() : fc(register_module("fc", torch::nn::Linear(3, 2))) {}
  // forward is judged with each call's module and input: where it throws.
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  // CHECK-MESSAGES: :[[@LINE-1]]:51: warning: module 'fc' has Double parameters but gets a Float input; this throws at run time{{.*}} [kb: pytorch/{{[a-z-]+}}] [torchdtype-module-input-dtype]
  // CHECK-MESSAGES-IGNORE: :[[@LINE-2]]:51: warning: module 'fc' has Double parameters but gets a Float input; this throws at run time{{.*}} [kb: pytorch/{{[a-z-]+}}] [torchdtype-module-input-dtype]
  torch::nn::Linear fc;
};
TORCH_MODULE(Net);

void user_module_moved_to_double() {
  Net net;
  net->to(torch::kDouble);
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:8: note: module 'fc' has dtype Double from here
  auto x = torch::randn({4, 3});
  auto y = net(x);
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:12: note: in this call of 'net'
}

// A module whose forward is only declared here (defined in another file).
struct OpaqueImpl : torch::nn::Module {
  OpaqueImpl();
  torch::Tensor forward(torch::Tensor x);
};
TORCH_MODULE(Opaque);

void opaque_user_module() {
  Opaque m;
  m->to(torch::kDouble);
  auto x = torch::randn({4, 3});
  auto y = m(x);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module 'm' has Double parameters but gets a Float input; this throws at run time{{.*}} [kb: pytorch/{{[a-z-]+}}] [torchdtype-module-input-dtype]
}

// ---- Flow: helpers, lambdas, templates, macros, loops -----------------------

torch::Tensor as_double(const torch::Tensor& t) { return t.to(torch::kDouble); }

void through_helper() {
  torch::nn::Linear lin(3, 2);
  auto y = lin(as_double(torch::randn({4, 3})));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module 'lin' has Float parameters but gets a Double input; this throws at run time{{.*}} [kb: pytorch/addmm-dtype-mismatch] [torchdtype-module-input-dtype]
  // CHECK-MESSAGES-IGNORE: :[[@LINE-2]]:12: warning: module 'lin' has Float parameters but gets a Double input; this throws at run time{{.*}} [kb: pytorch/addmm-dtype-mismatch] [torchdtype-module-input-dtype]
}

void in_lambda() {
  torch::nn::Linear lin(3, 2);
  auto x = torch::randn({4, 3}, torch::kDouble);
  auto run = [&]() { return lin(x); };
  // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: module 'lin' has Float parameters but gets a Double input; this throws at run time{{.*}} [kb: pytorch/addmm-dtype-mismatch] [torchdtype-module-input-dtype]
  // CHECK-MESSAGES-IGNORE: :[[@LINE-2]]:29: warning: module 'lin' has Float parameters but gets a Double input; this throws at run time{{.*}} [kb: pytorch/addmm-dtype-mismatch] [torchdtype-module-input-dtype]
  run();
}

template <typename Module>
torch::Tensor build_and_run_double() {
  Module m(3, 2);
  auto x = torch::randn({4, 3}, torch::kDouble);
  return m(x);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: module 'm' has Float parameters but gets a Double input; this throws at run time{{.*}} [kb: pytorch/addmm-dtype-mismatch] [torchdtype-module-input-dtype]
  // CHECK-MESSAGES-IGNORE: :[[@LINE-2]]:10: warning: module 'm' has Float parameters but gets a Double input; this throws at run time{{.*}} [kb: pytorch/addmm-dtype-mismatch] [torchdtype-module-input-dtype]
}

template <typename Module>
torch::Tensor run_param(Module& m) {
  // m is a parameter: its dtype is the argument's, judged at each call.
  return m(torch::randn({4, 3}, torch::kDouble));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: module 'm' has Float parameters but gets a Double input; this throws at run time{{.*}} [kb: pytorch/addmm-dtype-mismatch] [torchdtype-module-input-dtype]
  // CHECK-MESSAGES-IGNORE: :[[@LINE-2]]:10: warning: module 'm' has Float parameters but gets a Double input; this throws at run time{{.*}} [kb: pytorch/addmm-dtype-mismatch] [torchdtype-module-input-dtype]
}

void templates() {
  build_and_run_double<torch::nn::Linear>();
  torch::nn::Linear lin(3, 2);
  run_param(lin);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: in this call of 'run_param'
  // CHECK-MESSAGES-IGNORE: :[[@LINE-2]]:3: note: in this call of 'run_param'
}

torch::Tensor run_double_param(torch::nn::Linear m) {
  return m(torch::randn({4, 3}, torch::kDouble));
}
void module_parameter_matching_negative() {
  torch::nn::Linear lin(3, 2);
  lin->to(torch::kDouble);
  run_double_param(lin);
}

#define RUN_DOUBLE(m) (m)(torch::randn({4, 3}, torch::kDouble))
void in_macro() {
  torch::nn::Linear lin(3, 2);
  auto y = RUN_DOUBLE(lin);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module 'lin' has Float parameters but gets a Double input; this throws at run time{{.*}} [kb: pytorch/addmm-dtype-mismatch] [torchdtype-module-input-dtype]
  // CHECK-MESSAGES-IGNORE: :[[@LINE-2]]:12: warning: module 'lin' has Float parameters but gets a Double input; this throws at run time{{.*}} [kb: pytorch/addmm-dtype-mismatch] [torchdtype-module-input-dtype]
}

void in_loop() {
  torch::nn::Linear lin(3, 3);
  auto x = torch::randn({4, 3}, torch::kDouble);
  for (int i = 0; i < 3; ++i) {
    auto y = lin(x);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: module 'lin' has Float parameters but gets a Double input; this throws at run time{{.*}} [kb: pytorch/addmm-dtype-mismatch] [torchdtype-module-input-dtype]
    // CHECK-MESSAGES-IGNORE: :[[@LINE-2]]:14: warning: module 'lin' has Float parameters but gets a Double input; this throws at run time{{.*}} [kb: pytorch/addmm-dtype-mismatch] [torchdtype-module-input-dtype]
  }
}

// ---- Negatives --------------------------------------------------------------

void same_dtypes() {
  torch::nn::Linear lin(3, 2);
  auto y = lin(torch::randn({4, 3}));
  torch::nn::Linear lin64(3, 2);
  lin64->to(torch::kDouble);
  auto z = lin64(torch::randn({4, 3}, torch::kDouble));
  Net net;
  net->to(torch::kDouble);
  auto w = net(torch::randn({4, 3}, torch::kDouble));
}

void input_converted() {
  torch::nn::Linear lin(3, 2);
  auto x = torch::randn({4, 3}, torch::kDouble);
  auto y = lin(x.to(torch::kFloat));
  lin->to(torch::kHalf);
  auto h = torch::randn({4, 3}).to(torch::kHalf);
  auto z = lin(h);
}

void cpu_autocast_region() {
  // CPU autocast runs linear in bfloat16, casting the weights as well.
  at::autocast::set_cpu_enabled(true);
  torch::nn::Linear lin(3, 2);
  auto x = torch::randn({4, 3}, torch::kBFloat16);
  auto y = lin(x);
  at::autocast::set_cpu_enabled(false);
}

void cpu_autocast_float64_input() {
  // Autocast casts the weights to bfloat16 and never a float64 input.
  at::autocast::set_cpu_enabled(true);
  torch::nn::Linear lin(3, 2);
  auto x = torch::randn({4, 3}, torch::kDouble);
  auto y = lin(x);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module 'lin' has Float parameters but gets a Double input; this throws at run time [kb: pytorch/addmm-dtype-mismatch] [torchdtype-module-input-dtype]
  // CHECK-MESSAGES: :[[@LINE-3]]:{{[0-9]+}}: note: input 'x' has dtype Double from here
  // CHECK-MESSAGES: :[[@LINE-3]]:12: note: autocast casts the layer's weights to a lower precision and never casts a float64 input
  // CHECK-MESSAGES-IGNORE: :[[@LINE-4]]:12: warning: module 'lin' has Float parameters but gets a Double input{{.*}}
  at::autocast::set_cpu_enabled(false);
}

void embedding_long_indices() {
  torch::nn::Embedding emb(10, 4);
  auto idx = torch::randint(10, {5});
  auto y = emb(idx);
  auto idx32 = torch::zeros({5}, torch::kInt);
  auto z = emb(idx32);
}

void batch_norm_not_modelled() {
  // CPU batch_norm accepts a bfloat16 input with float32 parameters (it runs);
  // BatchNorm is not modelled by this check, so neither call is reported.
  torch::nn::BatchNorm2d bn(3);
  auto y = bn(torch::randn({2, 3, 4, 4}, torch::kBFloat16));
}

void unknown_input(const torch::Tensor& x) {
  torch::nn::Linear lin(3, 2);
  auto y = lin(x);
}

void dtype_on_one_path_only() {
  torch::nn::Linear lin(3, 2);
  auto x = torch::randn({4, 3});
  if (flag())
    x = x.to(torch::kDouble);
  auto y = lin(x);
  if (flag())
    lin->to(torch::kHalf);
  auto z = lin(torch::randn({4, 3}));
}

struct ConvertingImpl : torch::nn::Module {
  ConvertingImpl() : fc(register_module("fc", torch::nn::Linear(3, 2))) {}
  torch::Tensor forward(torch::Tensor x) { return fc(x.to(torch::kDouble)); }
  torch::nn::Linear fc;
};
TORCH_MODULE(Converting);

void user_module_converts_its_input() {
  Converting m;
  m->to(torch::kDouble);
  auto y = m(torch::randn({4, 3}));
}

// ---- Integer inputs: layers take floating inputs only --------------------------

void integer_inputs() {
  torch::nn::Linear lin(5, 2);
  auto counts = torch::tensor({2, 1, 0, 1, 0});
  auto y = lin(counts);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module 'lin' has Float parameters but gets a Long input; this throws at run time{{.*}} [kb: pytorch/addmm-dtype-mismatch] [torchdtype-module-input-dtype]
  // CHECK-MESSAGES-IGNORE: :[[@LINE-2]]:12: warning: module 'lin' has Float parameters but gets a Long input; {{.*}}
  auto z = lin(counts.to(torch::kFloat));
  torch::nn::Embedding emb(10, 4);
  auto e = emb(counts);                            // an index module
  torch::nn::Sequential mlp(torch::nn::Linear(5, 4), torch::nn::ReLU());
  auto w = mlp->forward(counts.to(torch::kInt));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module 'mlp' has Float parameters but gets a Int input; {{.*}} [kb: pytorch/addmm-dtype-mismatch] [torchdtype-module-input-dtype]
  // CHECK-MESSAGES-IGNORE: :[[@LINE-2]]:12: warning: module 'mlp' has Float parameters but gets a Int input; {{.*}}
  at::autocast::set_cpu_enabled(true);
  auto v = lin(counts);                            // autocast casts no integers
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module 'lin' has Float parameters but gets a Long input; {{.*}}
  // CHECK-MESSAGES-IGNORE: :[[@LINE-2]]:12: warning: module 'lin' has Float parameters but gets a Long input; {{.*}}
  at::autocast::set_cpu_enabled(false);
}

// A Sequential runs through the activation modules api.json lists (each
// measured to keep its input's dtype): its later layers see what the first
// gave, and a float64 input meets float32 parameters.
void sequential_through_softplus_and_mish() {
  torch::nn::Sequential mlp(torch::nn::Linear(4, 8), torch::nn::Softplus(),
                            torch::nn::Mish(), torch::nn::Linear(8, 1));
  auto y = mlp->forward(torch::randn({2, 4}, torch::kDouble));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module 'mlp' has Float parameters but gets a Double input; {{.*}} [torchdtype-module-input-dtype]
  // CHECK-MESSAGES-IGNORE: :[[@LINE-2]]:12: warning: module 'mlp' has Float parameters but gets a Double input; {{.*}}
  auto z = mlp->forward(torch::randn({2, 4}));
}

void sequential_through_a_pool() {
  torch::nn::Sequential head(torch::nn::AdaptiveAvgPool2d(1), torch::nn::ReLU(),
                             torch::nn::Linear(1, 2));
  auto y = head->forward(torch::randn({3, 8, 4, 4}, torch::kDouble));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module 'head' has Float parameters but gets a Double input; {{.*}} [torchdtype-module-input-dtype]
  // CHECK-MESSAGES-IGNORE: :[[@LINE-2]]:12: warning: module 'head' has Float parameters but gets a Double input; {{.*}}
}
