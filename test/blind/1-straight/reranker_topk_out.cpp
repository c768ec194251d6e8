// scenario: a retrieval server's reranker writes top-k results into preallocated reply buffers whose id column is int32 (the RPC schema)
// tier: 1
// family: out-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Expected out tensor to have dtype long int, but got int instead
#include <torch/torch.h>
#include <iostream>

namespace F = torch::nn::functional;

struct RerankConfig {
  int64_t numQueries = 4;
  int64_t numCandidates = 64;
  int64_t dim = 32;
  int64_t k = 5;
  double maxFreshnessBoost = 0.05;
};

int main() {
  torch::manual_seed(9);
  const RerankConfig cfg;
  const int64_t numQueries = cfg.numQueries, numCandidates = cfg.numCandidates;
  const int64_t dim = cfg.dim, k = cfg.k;

  // Reply buffers are allocated once per worker and reused for every request;
  // document ids go out over the wire as int32.
  auto replyScores = torch::empty({numQueries, k}, torch::kFloat);
  auto replyIds = torch::empty({numQueries, k}, torch::kInt);

  auto queryEmb = F::normalize(torch::randn({numQueries, dim}), F::NormalizeFuncOptions().dim(1));
  auto docEmb = F::normalize(torch::randn({numCandidates, dim}), F::NormalizeFuncOptions().dim(1));

  // Cosine similarity followed by a freshness prior per candidate.
  auto freshness = torch::linspace(0.0, cfg.maxFreshnessBoost, numCandidates);
  auto scores = torch::mm(queryEmb, docEmb.t()) + freshness;

  torch::topk_out(replyScores, replyIds, scores, k, /*dim=*/1); // BUG

  for (int64_t q = 0; q < numQueries; ++q) {
    std::cout << "query " << q << ":";
    for (int64_t j = 0; j < k; ++j)
      std::cout << " " << replyIds[q][j].item<int32_t>() << "(" << replyScores[q][j].item<float>() << ")";
    std::cout << std::endl;
  }
  return 0;
}
