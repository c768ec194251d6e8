// scenario: exponential moving average of a network's weights for evaluation; the shadow copies are kept in float64 to avoid accumulating rounding error
// tier: 4
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected dtype double for `end` but got dtype float
#include <torch/torch.h>
#include <iostream>
#include <map>
#include <string>

namespace {

struct SmallNetImpl : torch::nn::Module {
  SmallNetImpl()
      : fc1(register_module("fc1", torch::nn::Linear(8, 16))),
        fc2(register_module("fc2", torch::nn::Linear(16, 2))) {}
  torch::Tensor forward(torch::Tensor x) { return fc2->forward(torch::relu(fc1->forward(x))); }
  torch::nn::Linear fc1, fc2;
};
TORCH_MODULE(SmallNet);

class WeightEMA {
public:
  WeightEMA(const torch::nn::Module &model, double decay) : decay_(decay) {
    for (const auto &p : model.named_parameters())
      shadow_.emplace(p.key(), p.value().detach().to(torch::kDouble));
  }

  void update(const torch::nn::Module &model) {
    torch::NoGradGuard no_grad;
    ++steps_;
    // warm-up: average faster in the first steps
    const double d = std::min(decay_, (1.0 + steps_) / (10.0 + steps_));
    for (const auto &p : model.named_parameters()) {
      auto &s = shadow_.at(p.key());
      s.lerp_(p.value(), 1.0 - d); // BUG
    }
  }

  double distance(const torch::nn::Module &model) const {
    double total = 0;
    for (const auto &p : model.named_parameters())
      total += (shadow_.at(p.key()) - p.value().to(torch::kDouble)).norm().item<double>();
    return total;
  }

private:
  double decay_;
  int64_t steps_ = 0;
  std::map<std::string, torch::Tensor> shadow_;
};

} // namespace

int main() {
  torch::manual_seed(1);
  SmallNet net;
  torch::optim::SGD opt(net->parameters(), torch::optim::SGDOptions(0.1));
  WeightEMA ema(*net, 0.999);

  for (int step = 0; step < 3; ++step) {
    auto x = torch::randn({4, 8});
    auto y = torch::randint(0, 2, {4});
    auto loss = torch::nn::functional::cross_entropy(net->forward(x), y);
    opt.zero_grad();
    loss.backward();
    opt.step();
    ema.update(*net);
  }
  std::cout << "ema distance " << ema.distance(*net) << "\n";
  return 0;
}
