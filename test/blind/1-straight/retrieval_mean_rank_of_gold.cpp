// scenario: retrieval evaluation computes MRR as a scalar divided by the int64 gold ranks from argsort
// tier: 1
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: result type Float can't be cast to the desired output type Long
#include <torch/torch.h>

#include <iostream>

int main() {
  torch::manual_seed(7);
  const int64_t num_queries = 6;
  const int64_t num_docs = 10;

  // Dual-encoder scores: query embeddings against the document index.
  torch::Tensor queries = torch::nn::functional::normalize(
      torch::randn({num_queries, 32}),
      torch::nn::functional::NormalizeFuncOptions().dim(1));
  torch::Tensor docs = torch::nn::functional::normalize(
      torch::randn({num_docs, 32}),
      torch::nn::functional::NormalizeFuncOptions().dim(1));
  torch::Tensor scores = torch::matmul(queries, docs.t());
  torch::Tensor gold = torch::tensor({3, 0, 7, 7, 1, 9}, torch::kLong);

  // Hit@1: cast the boolean hits before averaging.
  torch::Tensor top1 = scores.argmax(1);
  torch::Tensor hits = top1.eq(gold);
  double hit_at_1 = hits.to(torch::kFloat).mean().item<double>();

  // Rank of the gold document in each query's ordering (0 = first).
  torch::Tensor order = scores.argsort(1, /*descending=*/true);
  torch::Tensor where_gold = (order == gold.unsqueeze(1)).nonzero();
  torch::Tensor gold_rank = where_gold.select(1, 1);

  torch::Tensor one_based = gold_rank + 1;
  torch::Tensor mean_rank = one_based.to(torch::kFloat).mean();
  torch::Tensor mrr = (1.0 / one_based).mean(); // BUG

  std::cout << "hit@1 " << hit_at_1 << "  mrr " << mrr.item<double>()
            << "  mean rank " << mean_rank.item<double>() << "\n";
  return 0;
}
