// Real-header tier: what a value is after a call. A Sequential's forward runs
// its layers; a helper or a module's forward called inside a CPU autocast
// region runs its ops under that region (a float32 buffer then refuses the
// bfloat16 result); cat promotes; normalize keeps its input's dtype.
#include <ATen/autocast_mode.h>
#include <torch/torch.h>

struct Critic : torch::nn::Module {
  Critic() {
    body = register_module(
        "body", torch::nn::Sequential(torch::nn::Linear(12, 64),
                                      torch::nn::Tanh(),
                                      torch::nn::Linear(64, 1)));
  }
  torch::Tensor forward(const torch::Tensor &obs) {
    return body->forward(obs).squeeze(1);
  }
  torch::nn::Sequential body{nullptr};
};

torch::Tensor scores(const torch::Tensor &q, const torch::Tensor &k) {
  return torch::mm(q, k.t());
}

void value_table() {
  Critic critic;
  auto values = torch::zeros({256});
  auto obs = torch::randn({32, 12});
  auto ids = torch::randperm(256).narrow(0, 0, 32);
  values.index_put_({ids}, critic.forward(obs));
  at::autocast::set_cpu_enabled(true);
  values.index_put_({ids}, critic.forward(obs));
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'index_put_' needs a source of the dtype of 'values' (Float) but gets BFloat16; {{.*}} [torchdtype-inplace-dtype]
  auto s = scores(obs, obs);
  at::autocast::set_cpu_enabled(false);
  auto bank = torch::zeros({32, 32});
  bank.index_copy_(0, torch::arange(32), s);
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'index_copy_' needs a source of the dtype of 'bank' (Float) but gets BFloat16; {{.*}} [torchdtype-inplace-dtype]
  bank.index_copy_(0, torch::arange(32), scores(obs, obs));
}

void lists_and_composites() {
  auto slots = torch::arange(0, 8) % 32;
  auto buf = torch::zeros({32, 4});
  auto a = torch::randn({8, 2});
  auto wide = torch::cat({a, a.to(torch::kDouble)}, 1);
  buf.index_copy_(0, slots, wide);
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'index_copy_' needs a source of the dtype of 'buf' (Float) but gets Double; {{.*}} [torchdtype-inplace-dtype]
  buf.index_copy_(0, slots, torch::cat({a, a}, 1));
  auto half = torch::randn({8, 4}).to(torch::kBFloat16);
  buf.index_copy_(0, slots, torch::nn::functional::normalize(half));
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'index_copy_' needs a source of the dtype of 'buf' (Float) but gets BFloat16; {{.*}} [torchdtype-inplace-dtype]
}
