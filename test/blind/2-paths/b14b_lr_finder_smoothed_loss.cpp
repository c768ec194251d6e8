// scenario: a learning-rate range test sweeps a float64 log-spaced schedule and keeps a float64 bias-corrected smoothed loss, converting each float32 loss before blending it in
// tier: 2
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <cmath>
#include <iostream>
#include <limits>
#include <vector>

int main() {
  torch::manual_seed(0);
  torch::nn::Sequential net(torch::nn::Linear(5, 16), torch::nn::ReLU(),
                            torch::nn::Linear(16, 1));
  torch::optim::SGD opt(net->parameters(), torch::optim::SGDOptions(1e-5).momentum(0.9));

  const int64_t steps = 12;
  const double beta = 0.8;
  auto lrs = torch::logspace(-4, 0, steps, 10.0, torch::kFloat64);
  auto x = torch::randn({32, 5});
  auto y = x.sum(1, true) * 0.5;

  torch::Tensor smoothed;
  double best = std::numeric_limits<double>::infinity();
  double best_lr = 0.0;
  std::vector<double> history;

  for (int64_t i = 0; i < steps; ++i) {
    double lr = lrs[i].item<double>();
    static_cast<torch::optim::SGDOptions&>(opt.param_groups()[0].options()).lr(lr);

    auto loss = torch::mse_loss(net->forward(x), y);
    opt.zero_grad();
    loss.backward();
    opt.step();

    auto current = loss.detach().to(torch::kFloat64);
    if (!smoothed.defined())
      smoothed = current.clone();
    else
      smoothed.lerp_(current, 1.0 - beta);
    double debiased = (smoothed / (1.0 - std::pow(beta, i + 1))).item<double>();
    history.push_back(debiased);

    if (debiased < best) {
      best = debiased;
      best_lr = lr;
    } else if (i > 2 && debiased > 4.0 * best) {
      break;
    }
  }
  std::cout << "tried " << history.size() << " rates, best lr " << best_lr << "\n";
  return 0;
}
