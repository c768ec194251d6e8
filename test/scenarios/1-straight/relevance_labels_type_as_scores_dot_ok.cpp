// scenario: a DCG-style metric converts the int64 relevance labels with type_as(scores) and the float64 discounts with to(scores.options()) before dot products
// tier: 1
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

int main() {
  torch::manual_seed(0);
  auto scores = torch::softmax(torch::randn({10}), 0);
  auto relevance = torch::tensor({3, 2, 0, 0, 1, 0, 2, 0, 0, 1});
  auto ranks = torch::arange(2, 12, torch::kDouble);
  auto discounts = 1.0 / torch::log2(ranks);
  auto rel = relevance.type_as(scores);
  auto disc = discounts.to(scores.options());
  auto gain = torch::dot(rel * disc, scores);
  auto ideal = torch::dot(std::get<0>(rel.sort(0, true)), disc);
  std::cout << "normalized gain " << (gain / ideal).item<float>() << "\n";
  return 0;
}
