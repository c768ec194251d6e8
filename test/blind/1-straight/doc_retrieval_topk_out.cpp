// scenario: cosine top-k document retrieval into preallocated score and id buffers
// tier: 1
// family: out-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Expected out tensor to have dtype long int, but got int instead
#include <torch/torch.h>
#include <iostream>

namespace F = torch::nn::functional;

int main() {
  const int64_t num_queries = 8;
  const int64_t num_docs = 1000;
  const int64_t dim = 64;
  const int64_t k = 20;

  auto norm = F::NormalizeFuncOptions().p(2).dim(1);
  auto queries = F::normalize(torch::randn({num_queries, dim}), norm);
  auto docs = F::normalize(torch::randn({num_docs, dim}), norm);

  auto top_scores = torch::empty({num_queries, k});
  auto top_ids = torch::empty({num_queries, k}, torch::kInt32);

  auto scores = torch::matmul(queries, docs.t());
  torch::topk_out(top_scores, top_ids, scores, k, /*dim=*/1); // BUG

  for (int64_t q = 0; q < num_queries; ++q)
    std::cout << "query " << q << " best doc " << top_ids[q][0].item<int32_t>()
              << " score " << top_scores[q][0].item<float>() << "\n";
  return 0;
}
