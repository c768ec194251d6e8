// scenario: return forecaster regresses next-day returns that the pricing library hands over as float64; mse_loss promotes to float64 in the forward pass and backward() rejects the float64 target
// tier: 1
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Found dtype Double but expected Float
#include <torch/torch.h>
#include <iostream>
#include <vector>

int main() {
  torch::manual_seed(50);
  const int64_t lags = 4;
  const double scale = 100.0;  // returns in percent

  // Daily closes as the pricing library returns them (double precision).
  std::vector<double> closes = {101.2, 102.0, 101.7, 103.4, 104.1, 103.9, 105.2,
                                106.0, 105.1, 107.3, 108.0, 107.6, 108.9, 109.4};
  auto prices = torch::from_blob(closes.data(), {static_cast<int64_t>(closes.size())}, torch::kFloat64).clone();
  auto log_ret = torch::log(prices.slice(0, 1) / prices.slice(0, 0, -1));   // float64
  std::cout << "mean daily return " << (log_ret.mean() * scale).item<double>() << "%\n";

  // Sliding windows of past returns predict the next one.
  auto windows = log_ret.unfold(0, lags, 1).slice(0, 0, -1);               // [n, lags]
  auto next = log_ret.slice(0, lags);                                      // [n]
  std::cout << windows.size(0) << " training windows\n";
  auto inputs = windows.to(torch::kFloat32) * scale;                       // the model is float32

  torch::nn::Linear model(lags, 1);
  torch::optim::SGD opt(model->parameters(), torch::optim::SGDOptions(0.1));

  opt.zero_grad();
  auto pred = model(inputs).squeeze(1);
  auto loss = torch::mse_loss(pred, next * scale);
  std::cout << "loss " << loss.item<double>() << " (" << loss.dtype() << ")\n";
  loss.backward(); // BUG
  opt.step();
  std::cout << "weights " << model->weight << "\n";
  return 0;
}
