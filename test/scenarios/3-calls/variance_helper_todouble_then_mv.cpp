// scenario: a helper returns features converted with toType(kDouble) for stable statistics, and the result is later scored with float32 weights
// tier: 3
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Double but found Float
#include <torch/torch.h>
#include <iostream>

// Centres the features in double precision so the variance does not lose digits.
torch::Tensor centered_high_precision(const torch::Tensor &features) {
  auto x = features.toType(torch::kDouble);
  return x - x.mean(0, /*keepdim=*/true);
}

torch::Tensor per_feature_variance(const torch::Tensor &centered) {
  return centered.pow(2).mean(0);
}

// Linear scoring of each sample.
torch::Tensor score_samples(const torch::Tensor &x, const torch::Tensor &weights) {
  return torch::mv(x, weights); // BUG
}

int main() {
  torch::manual_seed(0);
  auto features = torch::randn({32, 12}) * 100.0 + 5000.0;
  auto centered = centered_high_precision(features);
  auto var = per_feature_variance(centered);
  std::cout << "variance: " << var.mean().item<double>() << "\n";
  auto weights = torch::randn({12});
  auto scores = score_samples(centered, weights);
  std::cout << std::get<1>(scores.topk(3)) << "\n";
  return 0;
}
