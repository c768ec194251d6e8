// scenario: demand forecaster runs its MLP under CPU bf16 autocast, then scores the bf16 forecast with mse_loss against float32 targets after the region and calls backward
// tier: 5
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Found dtype Float but expected BFloat16
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

struct ForecasterImpl : torch::nn::Module {
  torch::nn::Linear in{nullptr}, hidden{nullptr}, out{nullptr};
  ForecasterImpl(int64_t lags, int64_t width, int64_t horizon) {
    in = register_module("in", torch::nn::Linear(lags, width));
    hidden = register_module("hidden", torch::nn::Linear(width, width));
    out = register_module("out", torch::nn::Linear(width, horizon));
  }
  torch::Tensor forward(const torch::Tensor& window) {
    auto h = torch::relu(in(window));
    h = torch::relu(hidden(h));
    return out(h);
  }
};
TORCH_MODULE(Forecaster);

// Builds lagged windows of a synthetic seasonal series.
std::pair<torch::Tensor, torch::Tensor> make_batch(int64_t batch, int64_t lags, int64_t horizon) {
  auto t = torch::arange(batch + lags + horizon, torch::kFloat);
  auto series = torch::sin(t * 0.3) + 0.05 * t;
  std::vector<torch::Tensor> xs, ys;
  for (int64_t i = 0; i < batch; ++i) {
    xs.push_back(series.slice(0, i, i + lags));
    ys.push_back(series.slice(0, i + lags, i + lags + horizon));
  }
  return {torch::stack(xs), torch::stack(ys)};
}

int main() {
  torch::manual_seed(7);
  const int64_t lags = 12, horizon = 3;
  Forecaster model(lags, 32, horizon);
  torch::optim::Adam opt(model->parameters(), torch::optim::AdamOptions(1e-3));

  for (int step = 0; step < 3; ++step) {
    auto [window, target] = make_batch(16, lags, horizon);
    opt.zero_grad();

    at::autocast::set_cpu_enabled(true);
    auto forecast = model->forward(window);  // bfloat16: the Linear layers are on the CPU list
    at::autocast::set_cpu_enabled(false);
    at::autocast::clear_cache();

    // The loss is computed outside the region, where nothing casts the forecast back.
    auto loss = torch::mse_loss(forecast, target);
    loss.backward(); // BUG
    opt.step();
    std::cout << "step " << step << " loss " << loss.item<float>() << "\n";
  }
  return 0;
}
