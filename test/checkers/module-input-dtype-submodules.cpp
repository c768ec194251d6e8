// torchdtype-module-input-dtype: a submodule converted through its module
// (`net->head->to(kDouble)`) keeps that in the module's value, and the
// module's forward runs with it; layers inside a forward run under the
// caller's autocast state (a float32 LayerNorm given the bfloat16 result of
// a Linear in a CPU region throws in 1.13: layer_norm is on no CPU list).
// RUN: %check_clang_tidy %s torchdtype-module-input-dtype %t -- -config="{CheckOptions: {PyTorchVersion: '1.13'}}"
#include <torch/torch.h>
#include <ATen/autocast_mode.h>

bool flag();

struct NetImpl : torch::nn::Module {
  NetImpl()
      : body(register_module("body", torch::nn::Linear(8, 8))),
        head(register_module("head", torch::nn::Linear(8, 2))) {}
  torch::Tensor forward(const torch::Tensor &x) {
    return head(torch::relu(body(x)));
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module 'head' has Double parameters but gets a Float input; {{.*}} [torchdtype-module-input-dtype]
    // CHECK-MESSAGES: :[[@LINE+22]]:8: note: in this call of 'forward'
  }
  torch::nn::Linear body, head;
};
TORCH_MODULE(Net);

struct BlockImpl : torch::nn::Module {
  BlockImpl()
      : up(register_module("up", torch::nn::Linear(8, 16))),
        norm(register_module("norm", torch::nn::LayerNorm(torch::nn::LayerNormOptions({16})))) {}
  torch::Tensor forward(const torch::Tensor &x) { return norm(up(x)); }
  // CHECK-MESSAGES: :[[@LINE-1]]:58: warning: module 'norm' has Float parameters but gets a BFloat16 input; {{.*}} [torchdtype-module-input-dtype]
  torch::nn::Linear up;
  torch::nn::LayerNorm norm;
};
TORCH_MODULE(Block);

// ---- Positives ------------------------------------------------------------

void head_converted_alone() {
  Net net;
  net->head->to(torch::kDouble);
  net->forward(torch::randn({4, 8}));
}

void norm_under_cpu_autocast() {
  Block block;
  at::autocast::set_cpu_enabled(true);
  auto y = block(torch::randn({4, 8}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: note: in this call of 'block'
  at::autocast::set_cpu_enabled(false);
}

void layer_norm_given_bfloat16() {
  torch::nn::LayerNorm ln(torch::nn::LayerNormOptions({4}));
  auto y = ln(torch::randn({2, 4}, torch::kBFloat16));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module 'ln' has Float parameters but gets a BFloat16 input; this throws at run time{{.*}} [kb: pytorch/scalar-type-mismatch] [torchdtype-module-input-dtype]
}

void group_norm_given_conv_output_under_cpu_autocast() {
  // group_norm is on no CPU list of 1.13 either: the bfloat16 result of the
  // convolution reaches its float32 parameters (observed on 1.13.1).
  torch::nn::Conv2d conv(torch::nn::Conv2dOptions(16, 16, 3).padding(1));
  torch::nn::GroupNorm gn(torch::nn::GroupNormOptions(4, 16));
  at::autocast::set_cpu_enabled(true);
  auto h = conv(torch::randn({2, 16, 8, 8}));
  auto y = gn(h);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module 'gn' has Float parameters but gets a BFloat16 input; this throws at run time{{.*}} [kb: pytorch/scalar-type-mismatch] [torchdtype-module-input-dtype]
  at::autocast::set_cpu_enabled(false);
}

void group_norm_given_its_own_dtype() {
  torch::nn::GroupNorm gn(torch::nn::GroupNormOptions(4, 16));
  auto y = gn(torch::randn({2, 16, 8, 8}));
  torch::nn::GroupNorm gb(torch::nn::GroupNormOptions(4, 16));
  gb->to(torch::kBFloat16);
  auto z = gb(torch::randn({2, 16, 8, 8}).to(torch::kBFloat16));
}

// ---- Negatives ------------------------------------------------------------

void whole_net_converted_after() {
  Net net;
  net->head->to(torch::kDouble);
  net->to(torch::kFloat);
  net->forward(torch::randn({4, 8}));
}

void head_converted_on_one_path() {
  Net net;
  if (flag())
    net->head->to(torch::kDouble);
  net->forward(torch::randn({4, 8}));
}

void input_matches_the_head_only_if_converted() {
  Net net;
  net->body->to(torch::kDouble);
  net->head->to(torch::kDouble);
  net->forward(torch::randn({4, 8}, torch::kDouble));
}

void block_outside_autocast() {
  Block block;
  auto y = block(torch::randn({4, 8}));
}
