// scenario: the Trainer keeps its EMA copy on the CPU to save accelerator memory and moves each parameter over when averaging
// tier: 4
// family: device-mismatch
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <vector>

struct MlpImpl : torch::nn::Module {
  MlpImpl() : net(register_module("net", torch::nn::Sequential(
                  torch::nn::Linear(16, 32), torch::nn::GELU(), torch::nn::Linear(32, 8)))) {}
  torch::Tensor forward(const torch::Tensor& x) { return net->forward(x); }
  torch::nn::Sequential net;
};
TORCH_MODULE(Mlp);

class Trainer {
 public:
  Trainer()
      : device_(torch::cuda::is_available() ? torch::Device(torch::kCUDA, 0) : torch::Device(torch::kCPU)),
        opt_(model_->parameters(), torch::optim::AdamOptions(1e-3)) {
    model_->to(device_);
    torch::NoGradGuard no_grad;
    for (const auto& p : model_->parameters())
      ema_.push_back(p.detach().to(torch::kCPU).clone());
  }

  float step(const torch::Tensor& x_cpu, const torch::Tensor& y_cpu) {
    auto x = x_cpu.to(device_), y = y_cpu.to(device_);
    opt_.zero_grad();
    auto loss = torch::mse_loss(model_->forward(x), y);
    loss.backward();
    opt_.step();
    update_ema(0.99);
    return loss.item<float>();
  }

  torch::Tensor ema_norm() const {
    auto total = torch::zeros({});
    for (const auto& e : ema_) total += e.pow(2).sum();
    return total.sqrt();
  }

 private:
  void update_ema(double decay) {
    torch::NoGradGuard no_grad;
    auto params = model_->parameters();
    for (size_t i = 0; i < params.size(); ++i) {
      auto p = params[i].detach().to(ema_[i].device(), ema_[i].scalar_type());
      ema_[i].mul_(decay).add_(p, 1.0 - decay);
    }
  }

  Mlp model_;
  torch::Device device_;
  torch::optim::Adam opt_;
  std::vector<torch::Tensor> ema_;
};

int main() {
  torch::manual_seed(13);
  Trainer trainer;
  for (int i = 0; i < 4; ++i)
    std::cout << "step " << i << " loss " << trainer.step(torch::randn({8, 16}), torch::randn({8, 8})) << "\n";
  std::cout << "ema norm " << trainer.ema_norm().item<float>() << "\n";
  return 0;
}
