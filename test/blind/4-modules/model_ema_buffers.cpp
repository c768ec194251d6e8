// scenario: a ModelEma class keeps a shadow network and averages both its parameters and its buffers after every step
// tier: 4
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: result type Float can't be cast to the desired output type Long
#include <torch/torch.h>
#include <iostream>

struct TabularNetImpl : torch::nn::Module {
  TabularNetImpl()
      : fc1(register_module("fc1", torch::nn::Linear(12, 32))),
        bn(register_module("bn", torch::nn::BatchNorm1d(32))),
        fc2(register_module("fc2", torch::nn::Linear(32, 3))) {}
  torch::Tensor forward(const torch::Tensor& x) { return fc2(torch::relu(bn(fc1(x)))); }
  torch::nn::Linear fc1;
  torch::nn::BatchNorm1d bn;
  torch::nn::Linear fc2;
};
TORCH_MODULE(TabularNet);

class ModelEma {
 public:
  ModelEma(const TabularNet& model, double decay) : decay_(decay) {
    torch::NoGradGuard no_grad;
    auto src = model->named_parameters();
    for (auto& p : shadow_->named_parameters()) p.value().copy_(src[p.key()]);
    shadow_->eval();
  }

  void update(const TabularNet& model) {
    torch::NoGradGuard no_grad;
    auto params = model->parameters();
    auto shadow_params = shadow_->parameters();
    for (size_t i = 0; i < params.size(); ++i)
      shadow_params[i].mul_(decay_).add_(params[i].detach(), 1.0 - decay_);
    auto buffers = model->buffers();
    auto shadow_buffers = shadow_->buffers();
    for (size_t i = 0; i < buffers.size(); ++i)
      shadow_buffers[i].mul_(decay_).add_(buffers[i], 1.0 - decay_); // BUG
  }

  TabularNet& module() { return shadow_; }

 private:
  TabularNet shadow_;
  double decay_;
};

int main() {
  torch::manual_seed(6);
  TabularNet model;
  ModelEma ema(model, 0.998);
  torch::optim::SGD opt(model->parameters(), torch::optim::SGDOptions(0.1).momentum(0.9).weight_decay(1e-4));
  for (int step = 0; step < 4; ++step) {
    auto x = torch::randn({16, 12});
    auto y = torch::randint(3, {16}, torch::kLong);
    opt.zero_grad();
    auto loss = torch::nn::functional::cross_entropy(model->forward(x), y);
    loss.backward();
    opt.step();
    ema.update(model);
    std::cout << "step " << step << " loss " << loss.item<float>() << "\n";
  }
  torch::NoGradGuard no_grad;
  std::cout << "ema logits " << ema.module()->forward(torch::randn({2, 12})) << "\n";
  return 0;
}
