// scenario: an online load forecaster runs its MLP under CPU autocast and smooths successive forecasts into a float EMA state with lerp_; the forecast leaves the region as bfloat16
// tier: 5
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected dtype float for `end` but got dtype c10::BFloat16
#include <torch/torch.h>
#include <ATen/autocast_mode.h>

#include <cmath>
#include <cstdint>
#include <deque>
#include <iostream>
#include <vector>

namespace {

// Scoped CPU autocast, restoring the previous state on exit.
class CpuAutocast {
public:
  CpuAutocast() : prev_(at::autocast::is_cpu_enabled()) {
    at::autocast::set_cpu_enabled(true);
    at::autocast::increment_nesting();
  }
  ~CpuAutocast() {
    if (at::autocast::decrement_nesting() == 0)
      at::autocast::clear_cache();
    at::autocast::set_cpu_enabled(prev_);
  }

private:
  bool prev_;
};

struct ForecasterImpl : torch::nn::Module {
  ForecasterImpl(int64_t lookback, int64_t horizon, int64_t hidden)
      : encoder(register_module("encoder", torch::nn::Linear(lookback, hidden))),
        head(register_module("head", torch::nn::Linear(hidden, horizon))) {}

  torch::Tensor forward(const torch::Tensor &window) {
    return head(torch::gelu(encoder(window)));
  }

  torch::nn::Linear encoder, head;
};
TORCH_MODULE(Forecaster);

class OnlineForecaster {
public:
  OnlineForecaster(int64_t lookback, int64_t horizon, double alpha)
      : model_(lookback, horizon, /*hidden=*/16), lookback_(lookback), alpha_(alpha) {
    model_->eval();
  }

  // Feeds one new reading per meter; returns the smoothed forecast once the
  // lookback window is full.
  torch::Tensor observe(const torch::Tensor &reading) {
    history_.push_back(reading);
    if (static_cast<int64_t>(history_.size()) > lookback_)
      history_.pop_front();
    if (static_cast<int64_t>(history_.size()) < lookback_)
      return {};

    torch::Tensor window = torch::stack(std::vector<torch::Tensor>(history_.begin(), history_.end()), 1);
    torch::Tensor forecast;
    {
      torch::NoGradGuard no_grad;
      CpuAutocast autocast;
      forecast = model_->forward(window); // [meters, horizon]
    }
    if (!smoothed_.defined()) {
      smoothed_ = torch::zeros(forecast.sizes());
      smoothed_.copy_(forecast);
    } else {
      smoothed_.lerp_(forecast, alpha_); // BUG
    }
    return smoothed_;
  }

private:
  Forecaster model_;
  int64_t lookback_;
  double alpha_;
  std::deque<torch::Tensor> history_;
  torch::Tensor smoothed_;
};

} // namespace

int main() {
  torch::manual_seed(37);
  const int64_t meters = 4, lookback = 8, horizon = 3;
  OnlineForecaster forecaster(lookback, horizon, 0.3);
  torch::Tensor base = torch::rand({meters}) * 5.0 + 1.0;
  for (int t = 0; t < 12; ++t) {
    torch::Tensor reading = base * (1.0 + 0.2 * std::sin(t * 0.5)) + 0.05 * torch::randn({meters});
    torch::Tensor smoothed = forecaster.observe(reading);
    if (smoothed.defined())
      std::cout << "t=" << t << " next-step load " << smoothed.select(1, 0) << "\n";
  }
  return 0;
}
