// scenario: two-stage retrieval whose embedding cache is stored as float16 when configured; candidates are gathered from the cache and upcast before re-ranking
// tier: 2
// family: half-on-cpu
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

namespace F = torch::nn::functional;

struct CacheConfig {
  bool fp16_storage = true;
  int64_t candidates = 32;
  int64_t top_k = 4;
};

int main() {
  torch::manual_seed(18);
  CacheConfig cfg;
  const int64_t num_docs = 2000, dim = 48, coarse_dim = 8;

  auto doc_emb = F::normalize(torch::randn({num_docs, dim}), F::NormalizeFuncOptions().dim(1));
  auto coarse_proj = torch::randn({dim, coarse_dim});
  auto coarse_index = torch::mm(doc_emb, coarse_proj);

  torch::Tensor cache;
  if (cfg.fp16_storage)
    cache = doc_emb.to(torch::kHalf);
  else
    cache = doc_emb;
  std::cout << "cache dtype " << cache.scalar_type() << " checksum " << cache.sum().item<float>() << "\n";

  auto stale = torch::zeros({num_docs}, torch::kBool);
  stale.narrow(0, 0, 50).fill_(true);
  cache = cache.masked_fill(stale.unsqueeze(1), 0);

  auto query = F::normalize(doc_emb.narrow(0, 700, 3) + 0.1 * torch::randn({3, dim}), F::NormalizeFuncOptions().dim(1));
  auto coarse_scores = torch::mm(torch::mm(query, coarse_proj), coarse_index.t());
  auto candidate_ids = std::get<1>(coarse_scores.topk(cfg.candidates, 1));

  for (int64_t q = 0; q < query.size(0); ++q) {
    auto ids = candidate_ids[q];
    auto rows = cache.index_select(0, ids);
    if (rows.scalar_type() != torch::kFloat)
      rows = rows.to(torch::kFloat);
    auto fine = torch::mv(rows, query[q]);
    auto best = fine.topk(cfg.top_k);
    auto doc_ids = ids.index_select(0, std::get<1>(best));
    auto peak = std::get<0>(cache.index_select(0, doc_ids).max(1));
    std::cout << "query " << q << " -> " << doc_ids << " peak dtype " << peak.scalar_type() << "\n";
  }
  return 0;
}
