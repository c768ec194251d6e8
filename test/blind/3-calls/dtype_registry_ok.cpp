// scenario: a run config carries dtype and device through builders of the model and of the batches (float64 run)
// tier: 3
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <map>
#include <stdexcept>
#include <string>

struct RunConfig {
  torch::ScalarType dtype = torch::kFloat32;
  torch::Device device = torch::kCPU;
  int64_t batch_size = 16;
};

RunConfig parse_config(const std::string& precision) {
  static const std::map<std::string, torch::ScalarType> kPrecisions = {
      {"float32", torch::kFloat32},
      {"float64", torch::kFloat64},
      {"bfloat16", torch::kBFloat16},
  };
  auto it = kPrecisions.find(precision);
  if (it == kPrecisions.end())
    throw std::invalid_argument("unknown precision " + precision);
  RunConfig cfg;
  cfg.dtype = it->second;
  return cfg;
}

torch::TensorOptions options_for(const RunConfig& cfg) {
  return torch::TensorOptions().dtype(cfg.dtype).device(cfg.device);
}

torch::nn::Sequential build_regressor(const RunConfig& cfg, int64_t in_dim) {
  torch::nn::Sequential model(torch::nn::Linear(in_dim, 32), torch::nn::Tanh(),
                              torch::nn::Linear(32, 1));
  model->to(cfg.device, cfg.dtype);
  return model;
}

torch::Tensor make_batch(const RunConfig& cfg, int64_t in_dim) {
  return torch::randn({cfg.batch_size, in_dim}, options_for(cfg));
}

double evaluate(torch::nn::Sequential& model, const RunConfig& cfg, int64_t in_dim) {
  torch::NoGradGuard no_grad;
  double total = 0.0;
  for (int i = 0; i < 4; ++i) {
    auto x = make_batch(cfg, in_dim);
    auto target = x.sum(1, /*keepdim=*/true);
    auto pred = model->forward(x);
    total += torch::mse_loss(pred, target).item<double>();
  }
  return total / 4.0;
}

int main() {
  torch::manual_seed(43);
  // Gradient checks of this regressor are run in double precision.
  auto cfg = parse_config("float64");
  const int64_t in_dim = 10;
  auto model = build_regressor(cfg, in_dim);
  std::cout << "eval mse (" << c10::toString(cfg.dtype) << "): "
            << evaluate(model, cfg, in_dim) << "\n";
  return 0;
}
