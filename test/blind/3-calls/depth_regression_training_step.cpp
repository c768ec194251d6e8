// scenario: one SGD step of a depth regressor whose ground-truth depths come from a double-precision sensor buffer
// tier: 3
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Found dtype Double but expected Float
#include <torch/torch.h>
#include <cmath>
#include <cstdint>
#include <iostream>
#include <vector>

namespace {

// Depth readings in metres as the LiDAR driver delivers them.
std::vector<double> read_lidar_depths(int64_t n) {
  std::vector<double> depths(n);
  for (int64_t i = 0; i < n; ++i)
    depths[i] = 2.0 + 0.5 * std::sin(0.3 * static_cast<double>(i));
  return depths;
}

torch::Tensor depths_to_tensor(std::vector<double> &depths) {
  return torch::from_blob(depths.data(), {static_cast<int64_t>(depths.size()), 1},
                          torch::kDouble)
      .clone();
}

torch::nn::Sequential make_regressor(int64_t in_features) {
  return torch::nn::Sequential(torch::nn::Linear(in_features, 32), torch::nn::ReLU(),
                               torch::nn::Linear(32, 1), torch::nn::Softplus());
}

torch::Tensor depth_loss(const torch::Tensor &pred, const torch::Tensor &target) {
  // Mean squared error in metres^2.
  return torch::nn::functional::mse_loss(pred, target);
}

double train_step(torch::nn::Sequential &model, torch::optim::SGD &opt,
                  const torch::Tensor &features, const torch::Tensor &target) {
  opt.zero_grad();
  torch::Tensor pred = model->forward(features);
  torch::Tensor loss = depth_loss(pred, target);
  loss.backward(); // BUG
  opt.step();
  return loss.item<double>();
}

} // namespace

int main() {
  torch::manual_seed(4);
  const int64_t n = 64, in_features = 10;
  std::vector<double> raw = read_lidar_depths(n);
  torch::Tensor target = depths_to_tensor(raw);
  torch::Tensor features = torch::randn({n, in_features});

  torch::nn::Sequential model = make_regressor(in_features);
  torch::optim::SGD opt(model->parameters(), torch::optim::SGDOptions(1e-2));
  for (int epoch = 0; epoch < 3; ++epoch)
    std::cout << "epoch " << epoch << " loss " << train_step(model, opt, features, target) << "\n";
  return 0;
}
