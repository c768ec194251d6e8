// scenario: a preprocessing helper takes the batch by reference and standardises it in float64, leaving the caller with a double batch
// tier: 3
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Double but found Float
#include <torch/torch.h>
#include <iostream>

struct FeatureStats {
  torch::Tensor mean;
  torch::Tensor std;
};

FeatureStats fit_stats(const torch::Tensor &train) {
  auto x = train.to(torch::kDouble);
  return {x.mean(0), x.std(0).clamp_min(1e-8)};
}

// Standardises the batch in place of the caller's tensor.
void standardize_(torch::Tensor &batch, const FeatureStats &stats) {
  batch = (batch.to(torch::kDouble) - stats.mean) / stats.std;
}

torch::Tensor logistic_scores(const torch::Tensor &batch, const torch::Tensor &w) {
  return torch::sigmoid(torch::mm(batch, w)); // BUG
}

int main() {
  torch::manual_seed(0);
  auto train = torch::randn({64, 6}) * 3.0 + 1.0;
  auto stats = fit_stats(train);
  auto weights = torch::randn({6, 1});
  auto batch = torch::randn({8, 6}) * 3.0 + 1.0;
  standardize_(batch, stats);
  auto probs = logistic_scores(batch, weights);
  std::cout << probs.squeeze(1) << "\n";
  return 0;
}
