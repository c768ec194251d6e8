// scenario: tallies positive predictions per traffic bucket; soft buckets add calibrated probabilities
// tier: 2
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: result type Float can't be cast to the desired output type Long
#include <torch/torch.h>
#include <iostream>
#include <map>
#include <string>

namespace {

bool is_soft_bucket(const std::string& name) {
  return name.rfind("soft_", 0) == 0;
}

} // namespace

int main() {
  torch::manual_seed(31);
  const int64_t num_slots = 20;
  const double threshold = 0.5;
  const double temperature = 1.7;

  std::map<std::string, torch::Tensor> buckets;
  buckets["hard_clicks"] = torch::randn({num_slots});
  buckets["hard_purchases"] = torch::randn({num_slots});
  buckets["soft_dwell"] = torch::randn({num_slots});

  // Integer tallies per bucket, created lazily.
  std::map<std::string, torch::Tensor> tallies;

  for (int round = 0; round < 3; ++round) {
    for (auto& [name, logits] : buckets) {
      if (logits.numel() == 0)
        continue;
      auto& tally = tallies[name];
      if (!tally.defined())
        tally = torch::zeros({num_slots}, torch::kLong);

      auto probs = torch::sigmoid(logits / temperature);
      if (is_soft_bucket(name)) {
        tally.add_(probs); // BUG
      } else {
        tally.add_(probs.gt(threshold));
      }
      logits.add_(torch::randn_like(logits) * 0.1);
    }
  }

  for (const auto& [name, tally] : tallies)
    std::cout << name << ": " << tally.sum().item<int64_t>() << " positives\n";
  return 0;
}
