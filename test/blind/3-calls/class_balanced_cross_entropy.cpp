// scenario: class-balanced training derives inverse-frequency weights in double in a helper and hands them to cross_entropy
// tier: 3
// family: loss-target-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>

#include <cmath>
#include <iostream>
#include <numeric>
#include <vector>

namespace F = torch::nn::functional;

namespace {

// Effective-number weighting (Cui et al.), normalised to sum to num_classes.
torch::Tensor inverseFrequencyWeights(const std::vector<int64_t> &counts, double beta) {
  std::vector<double> w(counts.size());
  for (size_t c = 0; c < counts.size(); ++c)
    w[c] = (1.0 - beta) / (1.0 - std::pow(beta, static_cast<double>(counts[c])));
  double total = std::accumulate(w.begin(), w.end(), 0.0);
  for (double &x : w)
    x *= static_cast<double>(counts.size()) / total;
  return torch::tensor(w);
}

torch::Tensor balancedLoss(const torch::Tensor &logits, const torch::Tensor &targets,
                           const torch::Tensor &class_weights) {
  auto opts = F::CrossEntropyFuncOptions().weight(class_weights).label_smoothing(0.05);
  return F::cross_entropy(logits, targets, opts);
}

} // namespace

int main() {
  torch::manual_seed(2);
  const std::vector<int64_t> counts = {5000, 1200, 300, 45};
  torch::Tensor weights = inverseFrequencyWeights(counts, 0.999);

  torch::nn::Linear head(20, static_cast<int64_t>(counts.size()));
  torch::optim::SGD opt(head->parameters(), torch::optim::SGDOptions(0.05));

  for (int step = 0; step < 3; ++step) {
    torch::Tensor x = torch::randn({32, 20});
    torch::Tensor y = torch::randint(0, static_cast<int64_t>(counts.size()), {32}, torch::kLong);
    opt.zero_grad();
    torch::Tensor loss = balancedLoss(head(x), y, weights);
    loss.backward();
    opt.step();
    std::cout << "step " << step << " loss " << loss.item<double>() << "\n";
  }
  return 0;
}
