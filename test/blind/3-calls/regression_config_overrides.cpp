// scenario: a regression trainer whose precision comes from command-line style overrides applied to its config
// tier: 3
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <map>
#include <optional>
#include <string>
#include <vector>

struct TrainConfig {
  torch::Dtype dtype = torch::kFloat;
  int64_t in_features = 6;
  int64_t hidden = 24;
  int64_t batch_size = 64;
  double lr = 5e-3;
  int epochs = 30;
};

static std::optional<torch::Dtype> parse_precision(const std::string &name) {
  if (name == "fp64" || name == "double")
    return torch::kDouble;
  if (name == "fp32" || name == "float")
    return torch::kFloat;
  return std::nullopt;
}

static void apply_overrides(TrainConfig &cfg, const std::map<std::string, std::string> &args) {
  auto &dtype = cfg.dtype;
  if (auto it = args.find("precision"); it != args.end()) {
    if (auto parsed = parse_precision(it->second))
      dtype = *parsed;
  }
  if (auto it = args.find("hidden"); it != args.end())
    cfg.hidden = std::stoll(it->second);
}

static torch::nn::Sequential build_model(const TrainConfig &cfg) {
  torch::nn::Sequential model(torch::nn::Linear(cfg.in_features, cfg.hidden), torch::nn::Tanh(),
                              torch::nn::Linear(cfg.hidden, 1));
  model->to(cfg.dtype);
  return model;
}

static std::pair<torch::Tensor, torch::Tensor> make_batch(const TrainConfig &cfg) {
  auto opts = torch::TensorOptions().dtype(cfg.dtype);
  auto x = torch::rand({cfg.batch_size, cfg.in_features}, opts) * 2 - 1;
  auto y = (x * x).sum(1, /*keepdim=*/true).sqrt();
  return {x, y};
}

int main() {
  torch::manual_seed(21);
  TrainConfig cfg;
  std::map<std::string, std::string> args = {{"precision", "fp64"}, {"hidden", "32"}};
  apply_overrides(cfg, args);

  auto model = build_model(cfg);
  torch::optim::Adam opt(model->parameters(), torch::optim::AdamOptions(cfg.lr));

  double last = 0.0;
  for (int epoch = 0; epoch < cfg.epochs; ++epoch) {
    auto [x, y] = make_batch(cfg);
    auto pred = model->forward(x);
    auto loss = torch::mse_loss(pred, y);
    opt.zero_grad();
    loss.backward();
    opt.step();
    last = loss.item<double>();
    if (epoch % 10 == 0)
      std::cout << "epoch " << epoch << " loss " << last << "\n";
  }

  auto [x_eval, y_eval] = make_batch(cfg);
  torch::NoGradGuard no_grad;
  auto eval_loss = torch::mse_loss(model->forward(x_eval), y_eval).item<double>();
  std::cout << "dtype " << cfg.dtype << " eval loss " << eval_loss << "\n";

  // Fixed probe points shipped with the experiment, stored as doubles.
  std::vector<double> probe_points = {0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
                                      0.5, 0.5, 0.5, 0.5, 0.5, 0.5,
                                      1.0, 0.0, 0.0, 0.0, 0.0, 0.0};
  auto probes = torch::tensor(probe_points, torch::kDouble).view({-1, cfg.in_features});
  auto probe_pred = model->forward(probes);
  std::cout << "probe predictions " << probe_pred.squeeze(1) << "\n";
  return eval_loss < 1.0 ? 0 : 1;
}
