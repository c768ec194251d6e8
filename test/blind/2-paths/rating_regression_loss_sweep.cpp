// scenario: a loss sweep for a star-rating regressor feeds the int64 ratings straight to each candidate loss
// tier: 2
// family: loss-target-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>

#include <iostream>
#include <map>
#include <string>
#include <vector>

namespace F = torch::nn::functional;

int main() {
  torch::manual_seed(5);
  const int64_t n = 64;

  // Ratings 1..5 as stored in the dataset (int64), predictions from a head.
  torch::Tensor ratings = torch::randint(1, 6, {n}, torch::kLong);
  torch::Tensor pred = 3.0 + torch::randn({n});

  // Pairwise preference labels in {-1, +1} for a ranking loss, also int64.
  torch::Tensor other = torch::roll(pred, 1);
  torch::Tensor prefer = torch::where(ratings > torch::roll(ratings, 1),
                                      torch::ones({n}, torch::kLong),
                                      -torch::ones({n}, torch::kLong));

  // Rating distribution targets computed in double by the data pipeline.
  torch::Tensor dist_target =
      F::one_hot(ratings - 1, 5).to(torch::kDouble) * 0.9 + 0.02;
  torch::Tensor dist_logits = torch::randn({n, 5});

  std::vector<std::string> sweep = {"mse", "l1", "smooth_l1", "huber", "rank", "kl"};
  std::map<std::string, double> results;
  for (const auto &name : sweep) {
    torch::Tensor loss;
    if (name == "mse")
      loss = F::mse_loss(pred, ratings);
    else if (name == "l1")
      loss = F::l1_loss(pred, ratings);
    else if (name == "smooth_l1")
      loss = F::smooth_l1_loss(pred, ratings, F::SmoothL1LossFuncOptions().beta(0.5));
    else if (name == "huber")
      loss = F::huber_loss(pred, ratings, F::HuberLossFuncOptions().delta(1.0));
    else if (name == "rank")
      loss = F::margin_ranking_loss(pred, other, prefer,
                                    F::MarginRankingLossFuncOptions().margin(0.1));
    else
      loss = F::kl_div(F::log_softmax(dist_logits, 1), dist_target,
                       F::KLDivFuncOptions().reduction(torch::kBatchMean));
    results[name] = loss.item<double>();
  }
  for (const auto &kv : results)
    std::cout << kv.first << ": " << kv.second << "\n";
  return 0;
}
