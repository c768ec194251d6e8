// scenario: fits a linear rating model on per-user features and scores it against integer star ratings
// tier: 1
// family: loss-target-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <cstdint>
#include <iostream>
#include <vector>

int main() {
  const std::vector<double> userFeatures = {
      0.8, 0.1, 3.0,  0.2, 0.7, 1.0,  0.5, 0.5, 2.0,
      0.9, 0.0, 4.0,  0.1, 0.9, 0.0,  0.6, 0.3, 2.5,
      0.4, 0.4, 1.5,  0.7, 0.2, 3.5,
  };
  const std::vector<int64_t> stars = {5, 2, 3, 5, 1, 4, 3, 4};
  const int64_t numUsers = static_cast<int64_t>(stars.size());

  auto x = torch::tensor(userFeatures).view({numUsers, 3});
  auto y = torch::tensor(stars);
  auto yTrain = y.to(torch::kFloat32);

  torch::manual_seed(5);
  auto weights = torch::zeros({3, 1}, torch::requires_grad());
  auto bias = torch::full({1}, 3.0, torch::requires_grad());
  torch::optim::SGD optimizer({weights, bias}, torch::optim::SGDOptions(0.05));

  for (int epoch = 0; epoch < 200; ++epoch) {
    optimizer.zero_grad();
    auto pred = torch::mm(x, weights).squeeze(1) + bias;
    auto loss = torch::mse_loss(pred, yTrain);
    loss.backward();
    optimizer.step();
  }

  torch::NoGradGuard noGrad;
  auto pred = torch::mm(x, weights).squeeze(1) + bias;
  auto mse = torch::mse_loss(pred, y).item<double>();
  auto mae = torch::l1_loss(pred, y).item<double>();
  auto rounded = pred.round().clamp(1, 5).to(torch::kLong);
  auto exact = (rounded == y).sum().item<int64_t>();

  std::cout << "mse " << mse << " mae " << mae << " exact " << exact << "/"
            << numUsers << "\n";
  return 0;
}
