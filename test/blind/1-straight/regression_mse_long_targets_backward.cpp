// scenario: rating regression against int64 star ratings; the mse forward promotes the Long target, its backward does not
// tier: 1
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Found dtype Long but expected Float
#include <torch/torch.h>
#include <iostream>
#include <vector>

namespace F = torch::nn::functional;

int main() {
  torch::manual_seed(9);
  torch::nn::Linear model(4, 1);
  torch::optim::SGD opt(model->parameters(), torch::optim::SGDOptions(0.01));

  torch::Tensor x = torch::randn({10, 4});
  // Star ratings 1..5 straight from the database, int64.
  std::vector<int64_t> stars = {5, 3, 4, 1, 2, 5, 4, 3, 3, 1};
  torch::Tensor rating = torch::tensor(stars).view({10, 1});

  for (int epoch = 0; epoch < 3; ++epoch) {
    opt.zero_grad();
    torch::Tensor pred = model->forward(x);
    // The forward of the pointwise losses computes in the promoted dtype.
    torch::Tensor mse = F::mse_loss(pred, rating);
    torch::Tensor mae = F::l1_loss(pred, rating);
    torch::Tensor loss = mse + 0.1 * mae;
    loss.backward(); // BUG
    opt.step();
    std::cout << "epoch " << epoch << " mse " << mse.item<float>() << " mae "
              << mae.item<float>() << "\n";
  }

  torch::NoGradGuard ng;
  torch::Tensor rounded = model->forward(x).round().clamp(1, 5);
  torch::Tensor exact = rounded.eq(rating).sum();
  std::cout << "exact star matches: " << exact.item<int64_t>() << "\n";
  return 0;
}
