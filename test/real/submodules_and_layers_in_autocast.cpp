// Real-header tier: a submodule converted through its module
// (`net->head->to(kDouble)`), and a float32 LayerNorm inside a module's
// forward given the bfloat16 result of a Linear in a CPU autocast region
// (1.13: layer_norm is on no CPU autocast list and refuses it; from 2.6 a
// float32 LayerNorm is taken to accept bfloat16 and float16 inputs).
#include <ATen/autocast_mode.h>
#include <torch/torch.h>

struct BackboneImpl : torch::nn::Module {
  BackboneImpl() {
    conv = register_module("conv", torch::nn::Conv2d(torch::nn::Conv2dOptions(3, 8, 3).padding(1)));
  }
  torch::Tensor forward(const torch::Tensor &x) { return torch::relu(conv(x)).mean({2, 3}); }
  torch::nn::Conv2d conv{nullptr};
};
TORCH_MODULE(Backbone);

struct FinetuneNetImpl : torch::nn::Module {
  FinetuneNetImpl(int64_t classes)
      : backbone(register_module("backbone", Backbone())),
        head(register_module("head", torch::nn::Linear(8, classes))) {}
  torch::Tensor forward(const torch::Tensor &images) {
    auto feats = backbone(images);
    return head(feats);
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module 'head' has Double parameters but gets a Float input; {{.*}} [torchdtype-module-input-dtype]
  }
  Backbone backbone;
  torch::nn::Linear head;
};
TORCH_MODULE(FinetuneNet);

void finetune_head_only() {
  FinetuneNet net(5);
  net->head->to(torch::kDouble);
  auto logits = net->forward(torch::rand({4, 3, 12, 12}));
}

void whole_net_converted() {
  FinetuneNet net(5);
  net->head->to(torch::kDouble);
  net->to(torch::kDouble);
  auto logits = net->forward(torch::rand({4, 3, 12, 12}, torch::kDouble));
}

struct FeedForwardImpl : torch::nn::Module {
  FeedForwardImpl(int64_t dim, int64_t hidden)
      : up(register_module("up", torch::nn::Linear(dim, hidden))),
        norm(register_module("norm", torch::nn::LayerNorm(torch::nn::LayerNormOptions({hidden})))) {}
  torch::Tensor forward(const torch::Tensor &x) {
    auto h = torch::gelu(up(x));
    return norm(h);
    // CHECK-MESSAGES-V1: :[[@LINE-1]]:12: warning: module 'norm' has Float parameters but gets a BFloat16 input; {{.*}} [torchdtype-module-input-dtype]
  }
  torch::nn::Linear up;
  torch::nn::LayerNorm norm;
};
TORCH_MODULE(FeedForward);

void block_in_cpu_autocast() {
  FeedForward block(32, 128);
  torch::NoGradGuard no_grad;
#if TORCH_VERSION_MAJOR >= 2 && TORCH_VERSION_MINOR >= 4
  at::autocast::set_autocast_enabled(at::kCPU, true);
#else
  at::autocast::set_cpu_enabled(true);
#endif
  auto out = block(torch::randn({4, 10, 32}));
#if TORCH_VERSION_MAJOR >= 2 && TORCH_VERSION_MINOR >= 4
  at::autocast::set_autocast_enabled(at::kCPU, false);
#else
  at::autocast::set_cpu_enabled(false);
#endif
}

void lstm_in_cpu_autocast() {
  // lstm runs linear inside, which CPU autocast casts: it runs (1.13.1).
  torch::nn::LSTM lstm(torch::nn::LSTMOptions(16, 8));
  torch::nn::Linear proj(32, 16);
#if TORCH_VERSION_MAJOR >= 2 && TORCH_VERSION_MINOR >= 4
  at::autocast::set_autocast_enabled(at::kCPU, true);
#else
  at::autocast::set_cpu_enabled(true);
#endif
  auto out = lstm(proj(torch::randn({5, 2, 32})));
#if TORCH_VERSION_MAJOR >= 2 && TORCH_VERSION_MINOR >= 4
  at::autocast::set_autocast_enabled(at::kCPU, false);
#else
  at::autocast::set_cpu_enabled(false);
#endif
}
