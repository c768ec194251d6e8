// scenario: store-traffic regressor trains on float copies of the visit counts and validates against the raw int64 counts from the log; the no-grad mse_loss promotes them
// tier: 1
// family: loss-target-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <vector>

int main() {
  torch::manual_seed(2);
  const int64_t stores = 32, features = 6;

  // visit counts come from the access log as integers (int64)
  std::vector<int64_t> visits(stores);
  for (int64_t i = 0; i < stores; ++i)
    visits[i] = 20 + (i * 7) % 13;
  auto targets = torch::tensor(visits).view({stores, 1});

  auto x = torch::randn({stores, features});
  torch::nn::Linear regressor(features, 1);
  torch::optim::SGD opt(regressor->parameters(), torch::optim::SGDOptions(1e-3));

  auto train_targets = targets.to(torch::kFloat32);
  for (int epoch = 0; epoch < 5; ++epoch) {
    opt.zero_grad();
    auto loss = torch::nn::functional::mse_loss(regressor(x), train_targets);
    loss.backward();
    opt.step();
  }

  // validation reports against the counts exactly as logged
  torch::NoGradGuard no_grad;
  auto pred = regressor(x);
  auto val_mse = torch::nn::functional::mse_loss(pred, targets);
  auto mae = (pred - targets).abs().mean();
  std::cout << "val mse " << val_mse.item<double>() << " mae " << mae.item<double>() << "\n";
  return 0;
}
