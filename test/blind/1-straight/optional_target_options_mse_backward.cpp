// scenario: a calibration curve fit builds its targets from optional TensorOptions whose fallback is float64; the float32 forward pass promotes, the backward pass does not
// tier: 1
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Found dtype Double but expected Float
#include <torch/torch.h>
#include <iostream>
#include <optional>
#include <vector>

namespace F = torch::nn::functional;

int main() {
  torch::manual_seed(5);
  // Measured sensor response (x) and reference readings (y).
  std::vector<float> xs = {0.f, 0.5f, 1.f, 1.5f, 2.f, 2.5f};
  std::vector<float> ys = {0.1f, 0.9f, 2.1f, 2.9f, 4.2f, 5.0f};

  // The caller may pin the target options; nobody does yet.
  std::optional<torch::TensorOptions> target_options;
  const torch::TensorOptions opts =
      target_options.value_or(torch::TensorOptions().dtype(torch::kFloat64));

  torch::Tensor x = torch::tensor(xs);
  torch::Tensor y = torch::tensor(ys, opts);

  torch::Tensor slope = torch::zeros({1}, torch::requires_grad());
  torch::Tensor offset = torch::zeros({1}, torch::requires_grad());
  torch::optim::SGD sgd({slope, offset}, torch::optim::SGDOptions(0.05));

  sgd.zero_grad();
  torch::Tensor pred = x * slope + offset;
  torch::Tensor loss = F::mse_loss(pred, y);
  std::cout << "initial loss " << loss.item<double>() << "\n";
  loss.backward(); // BUG
  sgd.step();
  std::cout << "slope " << slope.item<float>() << " offset " << offset.item<float>() << "\n";
  return 0;
}
