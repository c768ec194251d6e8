// scenario: per-layer gradient statistics are computed in float64 and folded into float32 running buffers with in-place add_/mul_/copy_
// tier: 2
// family: inplace-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <map>
#include <string>

int main() {
  torch::manual_seed(5);
  torch::nn::Sequential net(torch::nn::Linear(10, 20), torch::nn::ReLU(), torch::nn::Linear(20, 3));
  torch::optim::Adam opt(net->parameters(), torch::optim::AdamOptions(1e-3));

  // running buffers, one per parameter, kept in float32 for the dashboard
  std::map<std::string, torch::Tensor> running_sq;
  std::map<std::string, torch::Tensor> last_norm;
  for (const auto &item : net->named_parameters()) {
    running_sq[item.key()] = torch::zeros({});
    last_norm[item.key()] = torch::zeros({});
  }

  const double decay = 0.9;
  for (int step = 0; step < 6; ++step) {
    opt.zero_grad();
    auto x = torch::randn({16, 10});
    auto y = torch::randint(0, 3, {16});
    auto loss = torch::nn::functional::cross_entropy(net->forward(x), y);
    loss.backward();

    for (const auto &item : net->named_parameters()) {
      const auto &grad = item.value().grad();
      if (!grad.defined())
        continue;
      // accumulate the square-sum in double so tiny gradients are not lost
      auto sq = grad.to(torch::kFloat64).pow(2).sum();
      auto &buf = running_sq[item.key()];
      if (step == 0) {
        buf.copy_(sq);
      } else {
        buf.mul_(decay).add_(sq, 1.0 - decay);
      }
      last_norm[item.key()].copy_(sq.sqrt());
    }
    opt.step();
  }

  for (const auto &[name, buf] : running_sq)
    std::cout << name << " " << buf.dtype() << " ema " << buf.item<float>() << " last " << last_norm[name].item<float>() << "\n";
  return 0;
}
