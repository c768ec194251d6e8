// scenario: footfall regressor normalises its integer visit-count targets only when the config asks for it; with normalisation off, mse_loss gets int64 targets, runs forward, and fails in backward
// tier: 2
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Found dtype Long but expected Float
#include <torch/torch.h>
#include <iostream>

struct TrainConfig {
  bool normalize_targets = false;
  double lr = 1e-2;
};

struct Batch {
  torch::Tensor weather;  // [n, 4] float32
  torch::Tensor visits;   // [n] int64 counts
};

Batch make_batch(int64_t n) {
  auto weather = torch::randn({n, 4});
  auto rate = torch::exp(0.5 * weather.select(1, 0) + 1.5);
  return {weather, torch::poisson(rate).to(torch::kLong)};
}

int main() {
  torch::manual_seed(33);
  TrainConfig cfg;
  torch::nn::Linear model(4, 1);
  torch::optim::SGD opt(model->parameters(), torch::optim::SGDOptions(cfg.lr));

  auto batch = make_batch(48);
  torch::Tensor target = batch.visits;
  if (cfg.normalize_targets) {
    auto v = batch.visits.to(torch::kFloat);
    target = (v - v.mean()) / (v.std() + 1e-6);
  }

  for (int epoch = 0; epoch < 3; ++epoch) {
    opt.zero_grad();
    auto pred = model(batch.weather).squeeze(1);
    auto loss = torch::mse_loss(pred, target);
    loss.backward(); // BUG
    opt.step();
    std::cout << "epoch " << epoch << " mse " << loss.item<double>() << "\n";
  }
  return 0;
}
