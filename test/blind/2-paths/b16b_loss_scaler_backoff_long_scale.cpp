// scenario: a telemetry regressor's dynamic loss scaler backs off after a NaN batch, but the scale was filled from an integer config field
// tier: 2
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: result type Float can't be cast to the desired output type Long
#include <torch/torch.h>
#include <cmath>
#include <iostream>
#include <memory>
#include <vector>

struct ScalerConfig {
  int64_t init_scale = 1 << 16;   // powers of two, so an integer felt natural
  int64_t growth_factor = 2;
  double backoff_factor = 0.5;
  int growth_interval = 8;
};

struct SensorBatch {
  torch::Tensor readings;
  torch::Tensor target;
};

class StepLogger {
public:
  void skipped(int epoch, int step) { ++skips_; std::cout << "epoch " << epoch << " step " << step << ": non-finite grads, skipping\n"; }
  void stepped(double loss) { last_loss_ = loss; }
  int skips() const { return skips_; }

private:
  int skips_ = 0;
  double last_loss_ = 0.0;
};

std::vector<SensorBatch> load_sensor_batches(int count) {
  std::vector<SensorBatch> batches;
  for (int i = 0; i < count; ++i) {
    auto x = torch::randn({16, 6});
    if (i == 2)
      x.index_put_({3, 1}, NAN);  // a dropped frame from the telemetry feed
    batches.push_back({x, x.sum(1, /*keepdim=*/true) * 0.1});
  }
  return batches;
}

bool all_grads_finite(const std::vector<torch::Tensor>& params) {
  for (const auto& p : params)
    if (p.grad().defined() && !torch::isfinite(p.grad()).all().item<bool>())
      return false;
  return true;
}

int train_with_loss_scaling(torch::nn::Sequential& model, const ScalerConfig& cfg, int epochs) {
  torch::optim::SGD optimizer(model->parameters(), torch::optim::SGDOptions(1e-3).momentum(0.9));
  StepLogger log;
  auto scale = torch::full({}, cfg.init_scale);
  int good_steps = 0;
  auto batches = load_sensor_batches(6);
  for (int epoch = 0; epoch < epochs; ++epoch) {
    for (size_t step = 0; step < batches.size(); ++step) {
      optimizer.zero_grad();
      auto pred = model->forward(batches[step].readings);
      auto loss = torch::mse_loss(pred, batches[step].target);
      (loss * scale).backward();
      auto params = model->parameters();
      if (!all_grads_finite(params)) {
        scale.mul_(cfg.backoff_factor); // BUG
        good_steps = 0;
        log.skipped(epoch, static_cast<int>(step));
        continue;
      }
      {
        torch::NoGradGuard no_grad;
        for (auto& p : params)
          p.grad().div_(scale);
      }
      optimizer.step();
      log.stepped(loss.item<double>());
      if (++good_steps == cfg.growth_interval) {
        scale.mul_(cfg.growth_factor);
        good_steps = 0;
      }
    }
  }
  return log.skips();
}

int main() {
  torch::manual_seed(3);
  torch::nn::Sequential model(torch::nn::Linear(6, 32), torch::nn::ReLU(), torch::nn::Linear(32, 1));
  ScalerConfig cfg;
  int skipped = train_with_loss_scaling(model, cfg, 3);
  std::cout << "skipped " << skipped << " steps\n";
  return 0;
}
