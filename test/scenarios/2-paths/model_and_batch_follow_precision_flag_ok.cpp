// scenario: a gradient-check harness moves the model to float64 when PRECISION_CHECK is not disabled and converts every batch to the dtype of the model's first parameter
// tier: 2
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <cstdlib>
#include <iostream>

int main() {
  torch::manual_seed(0);
  const char *env = std::getenv("PRECISION_CHECK");
  const bool check = !(env && std::string(env) == "0");

  torch::nn::Sequential model(torch::nn::Linear(6, 12), torch::nn::Tanh(), torch::nn::Linear(12, 1));
  if (check) model->to(torch::kDouble);
  const auto param_dtype = model->parameters().front().scalar_type();

  for (int step = 0; step < 3; ++step) {
    auto x = torch::randn({8, 6});
    if (x.scalar_type() != param_dtype) x = x.to(param_dtype);
    auto y = model->forward(x).sum();
    model->zero_grad();
    y.backward();
    std::cout << "step " << step << " output " << y.item<double>() << "\n";
  }
  return 0;
}
