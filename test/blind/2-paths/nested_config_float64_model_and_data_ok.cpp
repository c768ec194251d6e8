// scenario: a physics surrogate trainer has a nested config whose precise mode switches both the model dtype and the data TensorOptions to float64; model and inputs always agree
// tier: 2
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

struct SurrogateConfig {
  struct ModelSection {
    int64_t hidden = 32;
    torch::Dtype dtype = torch::kFloat32;
  } model;
  struct DataSection {
    int64_t batch = 16;
    torch::TensorOptions options = torch::TensorOptions().dtype(torch::kFloat32);
  } data;
  bool precise = false;
};

SurrogateConfig resolve(SurrogateConfig cfg) {
  if (cfg.precise) {
    cfg.model.dtype = torch::kFloat64;
    cfg.data.options = cfg.data.options.dtype(torch::kFloat64);
  }
  return cfg;
}

double fit(const SurrogateConfig& cfg, int steps) {
  torch::nn::Sequential net(torch::nn::Linear(3, cfg.model.hidden), torch::nn::Tanh(),
                            torch::nn::Linear(cfg.model.hidden, 1));
  net->to(cfg.model.dtype);
  torch::optim::Adam opt(net->parameters(), torch::optim::AdamOptions(5e-3));
  double last = 0.0;
  for (int s = 0; s < steps; ++s) {
    torch::Tensor x = torch::rand({cfg.data.batch, 3}, cfg.data.options);
    torch::Tensor y = (x.select(1, 0) * x.select(1, 1) - x.select(1, 2).pow(2)).unsqueeze(1);
    torch::Tensor loss = torch::mse_loss(net->forward(x), y);
    opt.zero_grad();
    loss.backward();
    opt.step();
    last = loss.item<double>();
  }
  return last;
}

int main() {
  torch::manual_seed(71);
  SurrogateConfig fast;
  SurrogateConfig precise;
  precise.precise = true;
  std::cout << "fast loss " << fit(resolve(fast), 5) << "\n";
  std::cout << "precise loss " << fit(resolve(precise), 5) << "\n";
  return 0;
}
