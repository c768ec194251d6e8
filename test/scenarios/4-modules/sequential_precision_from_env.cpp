// scenario: the precision of an nn::Sequential regressor is chosen from an environment variable and applied to the module and the batch alike
// tier: 4
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <cstdlib>
#include <cstring>
#include <iostream>

torch::ScalarType precision_from_env() {
  const char *p = std::getenv("REGRESSOR_PRECISION");
  return (p && std::strcmp(p, "fp32") == 0) ? torch::kFloat : torch::kDouble;
}

int main() {
  torch::manual_seed(0);
  const auto dtype = precision_from_env();
  torch::nn::Sequential net(torch::nn::Linear(4, 16), torch::nn::Tanh(), torch::nn::Linear(16, 1));
  net->to(dtype);
  torch::optim::Adam opt(net->parameters(), torch::optim::AdamOptions(1e-2));
  auto x = torch::randn({64, 4}).to(dtype);
  auto y = x.sum(1, true).sin();
  for (int epoch = 0; epoch < 5; ++epoch) {
    opt.zero_grad();
    auto loss = torch::mse_loss(net->forward(x), y);
    loss.backward();
    opt.step();
  }
  std::cout << torch::mse_loss(net->forward(x), y).item<double>() << "\n";
  return 0;
}
