// scenario: a ranking metric takes the dot product of model scores with the relevance labels, which are int64
// tier: 3
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: dot : expected both vectors to have same dtype, but found Float and Long
#include <torch/torch.h>
#include <iostream>

// Relevance judgements are small integers (0 = irrelevant .. 3 = perfect).
torch::Tensor load_relevance(int64_t n) { return torch::randint(0, 4, {n}); }

// Sum of scores weighted by relevance, normalised by the ideal.
double weighted_agreement(const torch::Tensor &scores, const torch::Tensor &relevance) {
  auto ideal = relevance.sum().item<double>();
  auto got = torch::dot(scores, relevance).item<double>(); // BUG
  return ideal > 0 ? got / ideal : 0.0;
}

int main() {
  torch::manual_seed(0);
  auto docs = torch::randn({20, 8});
  auto query = torch::randn({8});
  auto scores = torch::softmax(torch::mv(docs, query), 0);
  auto relevance = load_relevance(20);
  std::cout << "agreement " << weighted_agreement(scores, relevance) << "\n";
  return 0;
}
