// scenario: mixes integer vote counts with float probabilities through ops that promote (add, mul, outer, addr, kron, true division)
// tier: 1
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

int main() {
  torch::manual_seed(8);
  const int64_t items = 5, models = 3;

  torch::Tensor probs = torch::softmax(torch::randn({models, items}), -1);
  // Hard votes from a legacy rule engine: int64 counts per item.
  torch::Tensor votes = torch::tensor({2, 0, 1, 3, 0});
  // Per-model reliability from the last evaluation.
  torch::Tensor model_w = torch::tensor({0.5, 0.3, 0.2});

  // Elementwise ops promote Long with Float to Float.
  torch::Tensor soft = (probs * model_w.unsqueeze(1)).sum(0);
  torch::Tensor blended = soft + votes;
  torch::Tensor weighted = votes * 0.25 + soft * 0.75;
  torch::Tensor share = votes / votes.sum();

  // outer, addr and kron promote too (unlike mm/matmul).
  torch::Tensor co = torch::outer(votes, model_w);
  torch::Tensor bias = torch::zeros({items, models});
  torch::Tensor co2 = torch::addr(bias, votes, model_w);
  torch::Tensor tiled = torch::kron(votes.view({1, items}), torch::ones({2, 1}));

  // Comparisons and maximum between Long and Float are fine as well.
  torch::Tensor maxed = torch::maximum(votes, soft * 4);
  torch::Tensor agree = votes.gt(0).logical_and(soft.gt(1.0 / items));
  torch::Tensor final_score = blended + co.sum(1) + co2.sum(1) + maxed;
  torch::Tensor ranking = final_score.argsort(0, /*descending=*/true);

  std::cout << "weighted " << weighted << "\nshare " << share << "\n";
  std::cout << "tiled " << tiled.sizes() << " final " << final_score << "\n";
  std::cout << "agreement " << agree << "\nranking " << ranking << "\n";
  return 0;
}
