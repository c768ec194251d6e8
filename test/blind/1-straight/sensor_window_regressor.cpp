// scenario: fits a small regressor on windows of double-precision sensor readings turned into tensors with torch::tensor
// tier: 1
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <cmath>
#include <iostream>
#include <vector>

int main() {
  torch::manual_seed(7);
  const int64_t window = 8;
  const int64_t num_windows = 32;

  std::vector<double> readings;
  std::vector<double> next_values;
  readings.reserve(window * num_windows);
  for (int64_t w = 0; w < num_windows; ++w) {
    for (int64_t t = 0; t < window; ++t)
      readings.push_back(std::sin(0.1 * static_cast<double>(w + t)) + 0.01 * t);
    next_values.push_back(std::sin(0.1 * static_cast<double>(w + window)));
  }

  torch::Tensor inputs = torch::tensor(readings).view({num_windows, window});
  torch::Tensor targets = torch::tensor(next_values).unsqueeze(1);

  torch::nn::Sequential regressor;
  regressor->push_back(torch::nn::Linear(window, 16));
  regressor->push_back(torch::nn::Tanh());
  regressor->push_back(torch::nn::Linear(16, 1));

  torch::optim::Adam optimizer(regressor->parameters(), torch::optim::AdamOptions(1e-2));
  double last_loss = 0.0;
  for (int epoch = 0; epoch < 20; ++epoch) {
    optimizer.zero_grad();
    torch::Tensor prediction = regressor->forward(inputs);
    torch::Tensor loss = torch::mse_loss(prediction, targets);
    loss.backward();
    optimizer.step();
    last_loss = loss.item<double>();
  }

  regressor->eval();
  torch::NoGradGuard no_grad;
  torch::Tensor latest = torch::tensor(std::vector<double>(readings.end() - window, readings.end()));
  double forecast = regressor->forward(latest.unsqueeze(0)).item<double>();
  std::cout << "final loss " << last_loss << ", next value forecast " << forecast << "\n";
  return 0;
}
