// scenario: a log-loss metric receives int64 labels but casts them to the probabilities' dtype before the BCE
// tier: 3
// family: loss-target-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

namespace F = torch::nn::functional;

double log_loss(const torch::Tensor &probs, const torch::Tensor &labels) {
  auto targets = labels.to(probs.scalar_type());
  return F::binary_cross_entropy(probs, targets).item<double>();
}

double brier_score(const torch::Tensor &probs, const torch::Tensor &labels) {
  // int64 labels subtracted from float probabilities promote to float.
  return (probs - labels).pow(2).mean().item<double>();
}

int main() {
  torch::manual_seed(0);
  auto x = torch::randn({32, 4});
  auto labels = (x.sum(1) > 0).to(torch::kLong);
  auto probs = torch::sigmoid(torch::mv(x, torch::randn({4})));
  std::cout << "log loss " << log_loss(probs, labels) << "\n";
  std::cout << "brier " << brier_score(probs, labels) << "\n";
  return 0;
}
