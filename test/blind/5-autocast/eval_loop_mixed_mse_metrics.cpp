// scenario: evaluation loop runs the regressor under CPU bf16 autocast with NoGradGuard and reports mse/l1 of the bf16 predictions against float32 targets outside the region; forward-only mixed-dtype losses are fine
// tier: 5
// family: loss-target-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iomanip>
#include <iostream>
#include <map>
#include <string>

struct Metrics {
  double mse = 0, mae = 0;
  int64_t batches = 0;
  void add(const torch::Tensor& pred, const torch::Tensor& target) {
    mse += torch::mse_loss(pred, target).item<double>();
    mae += torch::l1_loss(pred, target).item<double>();
    ++batches;
  }
  std::map<std::string, double> summary() const {
    return {{"mse", mse / batches}, {"mae", mae / batches}};
  }
};

struct HousePriceNetImpl : torch::nn::Module {
  torch::nn::Linear l1{nullptr}, l2{nullptr};
  HousePriceNetImpl() {
    l1 = register_module("l1", torch::nn::Linear(7, 32));
    l2 = register_module("l2", torch::nn::Linear(32, 1));
  }
  torch::Tensor forward(torch::Tensor x) { return l2(torch::relu(l1(x))).squeeze(-1); }
};
TORCH_MODULE(HousePriceNet);

int main() {
  torch::manual_seed(14);
  HousePriceNet net;
  net->eval();
  auto coef = torch::randn({7});

  Metrics metrics;
  torch::NoGradGuard no_grad;
  for (int b = 0; b < 4; ++b) {
    auto x = torch::randn({16, 7});
    auto price = x.matmul(coef) + 0.1 * torch::randn({16});
    at::autocast::set_cpu_enabled(true);
    auto pred = net->forward(x);   // bf16
    at::autocast::set_cpu_enabled(false);
    metrics.add(pred, price);
  }
  for (const auto& [name, value] : metrics.summary())
    std::cout << std::setw(4) << name << " " << value << "\n";
  return 0;
}
