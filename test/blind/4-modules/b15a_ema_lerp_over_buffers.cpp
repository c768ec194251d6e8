// scenario: model EMA keeps a shadow copy of every parameter and buffer and lerps them all, including BatchNorm's num_batches_tracked counter
// tier: 4
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: "lerp_kernel_scalar" not implemented for 'Long'
#include <torch/torch.h>
#include <iostream>
#include <map>
#include <string>

struct TabularNetImpl : torch::nn::Module {
  TabularNetImpl() {
    fc1 = register_module("fc1", torch::nn::Linear(16, 32));
    bn1 = register_module("bn1", torch::nn::BatchNorm1d(32));
    head = register_module("head", torch::nn::Linear(32, 3));
  }
  torch::Tensor forward(torch::Tensor x) {
    return head(torch::relu(bn1(fc1(x))));
  }
  torch::nn::Linear fc1{nullptr}, head{nullptr};
  torch::nn::BatchNorm1d bn1{nullptr};
};
TORCH_MODULE(TabularNet);

class ModelEma {
 public:
  ModelEma(torch::nn::Module& model, double decay) : decay_(decay) {
    torch::NoGradGuard no_grad;
    for (const auto& p : model.named_parameters()) shadow_[p.key()] = p.value().detach().clone();
    for (const auto& b : model.named_buffers()) shadow_[b.key()] = b.value().detach().clone();
  }

  void update(torch::nn::Module& model) {
    torch::NoGradGuard no_grad;
    auto current = model.named_parameters();
    for (const auto& b : model.named_buffers()) current.insert(b.key(), b.value());
    for (const auto& item : current) {
      torch::Tensor& ema_v = shadow_.at(item.key());
      ema_v.lerp_(item.value().detach(), 1.0 - decay_); // BUG
    }
  }

  const torch::Tensor& get(const std::string& name) const { return shadow_.at(name); }

 private:
  double decay_;
  std::map<std::string, torch::Tensor> shadow_;
};

int main() {
  torch::manual_seed(0);
  TabularNet net;
  ModelEma ema(*net, 0.999);
  torch::optim::SGD opt(net->parameters(), torch::optim::SGDOptions(0.05).momentum(0.9));

  for (int step = 0; step < 20; ++step) {
    auto x = torch::randn({64, 16});
    auto y = torch::randint(0, 3, {64});
    opt.zero_grad();
    auto loss = torch::nn::functional::cross_entropy(net(x), y);
    loss.backward();
    opt.step();
    ema.update(*net);
  }
  std::cout << "ema head bias: " << ema.get("head.bias") << "\n";
  return 0;
}
