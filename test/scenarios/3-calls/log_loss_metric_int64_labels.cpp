// scenario: an evaluation metric computes log loss from predicted probabilities and int64 labels produced by the dataset helper
// tier: 3
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Found dtype Long but expected Float
#include <torch/torch.h>
#include <iostream>

namespace F = torch::nn::functional;

struct EvalBatch {
  torch::Tensor features;
  torch::Tensor labels;
};

EvalBatch make_eval_batch(int64_t n) {
  auto x = torch::randn({n, 4});
  auto y = (x.sum(1) > 0).to(torch::kLong);  // class ids, as the dataset stores them
  return {x, y};
}

double log_loss(const torch::Tensor &probs, const torch::Tensor &labels) {
  return F::binary_cross_entropy(probs, labels).item<double>(); // BUG
}

double accuracy(const torch::Tensor &probs, const torch::Tensor &labels) {
  return ((probs > 0.5).to(torch::kLong) == labels).to(torch::kFloat).mean().item<double>();
}

int main() {
  torch::manual_seed(0);
  auto batch = make_eval_batch(32);
  auto w = torch::randn({4});
  auto probs = torch::sigmoid(torch::mv(batch.features, w));
  std::cout << "acc " << accuracy(probs, batch.labels) << "\n";
  std::cout << "log loss " << log_loss(probs, batch.labels) << "\n";
  return 0;
}
