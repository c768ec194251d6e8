// scenario: tiny MLP trainer whose parameter dtype comes from a preset returned by a config factory
// tier: 3
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Float but found Double
#include <torch/torch.h>
#include <iostream>
#include <string>
#include <vector>

struct TrainConfig {
  int64_t inputDim = 16;
  int64_t hiddenDim = 32;
  double learningRate = 1e-2;
  torch::Dtype paramDtype = torch::kFloat32;
  int epochs = 3;
};

TrainConfig makeConfig(const std::string &preset) {
  TrainConfig cfg;
  if (preset == "precise") {
    cfg.paramDtype = torch::kFloat64;
    cfg.learningRate = 5e-3;
    return cfg;
  }
  if (preset == "small") {
    cfg.hiddenDim = 8;
    return cfg;
  }
  return cfg;
}

struct MlpParams {
  torch::Tensor w1, b1, w2, b2;
  std::vector<torch::Tensor> all() const { return {w1, b1, w2, b2}; }
};

MlpParams initParams(const TrainConfig &cfg) {
  auto opts = torch::TensorOptions().dtype(cfg.paramDtype);
  MlpParams p;
  p.w1 = (torch::randn({cfg.inputDim, cfg.hiddenDim}, opts) * 0.1).requires_grad_();
  p.b1 = torch::zeros({cfg.hiddenDim}, opts).requires_grad_();
  p.w2 = (torch::randn({cfg.hiddenDim, 1}, opts) * 0.1).requires_grad_();
  p.b2 = torch::zeros({1}, opts).requires_grad_();
  return p;
}

torch::Tensor forward(const MlpParams &p, const torch::Tensor &x) {
  auto hidden = torch::tanh(torch::mm(x, p.w1) + p.b1); // BUG
  return torch::mm(hidden, p.w2) + p.b2;
}

int main(int argc, char **argv) {
  const std::string preset = argc > 1 ? argv[1] : "precise";
  const TrainConfig cfg = makeConfig(preset);
  torch::manual_seed(17);

  MlpParams params = initParams(cfg);
  torch::optim::SGD optimizer(params.all(), torch::optim::SGDOptions(cfg.learningRate));

  auto inputs = torch::randn({128, cfg.inputDim});
  auto targets = inputs.sum(1, true).sin();

  for (int epoch = 0; epoch < cfg.epochs; ++epoch) {
    optimizer.zero_grad();
    auto loss = torch::mse_loss(forward(params, inputs), targets);
    loss.backward();
    optimizer.step();
    std::cout << "epoch " << epoch << " loss " << loss.item<double>() << "\n";
  }
  return 0;
}
