// scenario: second-stage reranker reorders candidate scores with take_along_dim; the order comes from a helper that emits int32
// tier: 3
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: torch.take_along_dim(): dtype of indices should be Long but got Int
#include <torch/torch.h>
#include <iostream>
#include <vector>

namespace {

// Candidate order from the first-stage retriever. The retriever service is
// an int32 API, so the helper returns int32 positions.
torch::Tensor first_stage_order(const torch::Tensor& bm25) {
  return bm25.argsort(/*dim=*/1, /*descending=*/true).to(torch::kInt32);
}

torch::Tensor reorder(const torch::Tensor& scores, const torch::Tensor& order) {
  return torch::take_along_dim(scores, order, /*dim=*/1); // BUG
}

torch::Tensor mrr(const torch::Tensor& relevance_sorted) {
  torch::Tensor first_hit = relevance_sorted.gt(0).to(torch::kFloat).argmax(1);
  return (1.0 / (first_hit + 1).to(torch::kFloat)).mean();
}

} // namespace

int main() {
  torch::manual_seed(59);
  const int64_t queries = 3, cands = 6;
  torch::Tensor bm25 = torch::rand({queries, cands}) * 20.0;
  torch::Tensor neural = torch::randn({queries, cands});
  torch::Tensor relevance = torch::randint(0, 2, {queries, cands});

  torch::Tensor order = first_stage_order(bm25);
  torch::Tensor neural_in_order = reorder(neural, order);
  torch::Tensor rel_in_order = reorder(relevance, order);

  std::cout << "first-stage MRR " << mrr(rel_in_order).item<float>() << "\n";
  std::cout << "neural scores in retrieval order\n" << neural_in_order << "\n";
  return 0;
}
