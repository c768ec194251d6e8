// scenario: training loop keeps the first epoch in float32 for stability and switches CPU bf16 autocast on from epoch 1; the Linear -> LayerNorm head works in epoch 0 and breaks once autocast makes the Linear output bf16
// tier: 5
// family: autocast-unsafe-op
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type BFloat16 but found Float
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

struct Schedule {
  int epochs = 3;
  int amp_from_epoch = 1;
  double lr = 1e-3;
};

class TokenMixerImpl : public torch::nn::Module {
 public:
  explicit TokenMixerImpl(int64_t d) {
    mix_ = register_module("mix", torch::nn::Linear(d, d));
    ln_ = register_module("ln", torch::nn::LayerNorm(torch::nn::LayerNormOptions({d})));
    cls_ = register_module("cls", torch::nn::Linear(d, 2));
  }
  torch::Tensor forward(const torch::Tensor& tokens) {
    auto h = ln_(mix_(tokens)); // BUG
    return cls_(h.mean(1));
  }

 private:
  torch::nn::Linear mix_{nullptr}, cls_{nullptr};
  torch::nn::LayerNorm ln_{nullptr};
};
TORCH_MODULE(TokenMixer);

int main() {
  torch::manual_seed(10);
  Schedule sched;
  TokenMixer model(16);
  torch::optim::AdamW opt(model->parameters(), torch::optim::AdamWOptions(sched.lr));
  auto tokens = torch::randn({8, 6, 16});
  auto labels = (tokens.sum({1, 2}) > 0).to(torch::kLong);

  for (int epoch = 0; epoch < sched.epochs; ++epoch) {
    const bool amp = epoch >= sched.amp_from_epoch;
    at::autocast::set_cpu_enabled(amp);
    auto logits = model->forward(tokens);
    auto loss = torch::nn::functional::cross_entropy(logits, labels);
    at::autocast::set_cpu_enabled(false);
    opt.zero_grad();
    loss.backward();
    opt.step();
    std::cout << "epoch " << epoch << (amp ? " [bf16]" : " [fp32]") << " loss " << loss.item<float>() << "\n";
  }
  return 0;
}
