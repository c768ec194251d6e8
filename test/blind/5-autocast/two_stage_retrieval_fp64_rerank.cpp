// scenario: two-stage retrieval under CPU autocast: bf16 candidate generation, float64 reranking of the shortlist
// tier: 5
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <ATen/autocast_mode.h>
#include <torch/torch.h>
#include <iostream>

struct RetrievalIndex {
  torch::Tensor doc_emb;      // float32, used for the coarse pass
  torch::Tensor doc_emb_fp64; // float64 copy for exact reranking
  torch::Tensor doc_prior;    // float64 log-popularity
};

static RetrievalIndex build_index(int64_t num_docs, int64_t dim) {
  RetrievalIndex idx;
  idx.doc_emb = torch::nn::functional::normalize(
      torch::randn({num_docs, dim}), torch::nn::functional::NormalizeFuncOptions().dim(1));
  idx.doc_emb_fp64 = idx.doc_emb.to(torch::kDouble);
  idx.doc_prior = torch::log(torch::rand({num_docs}, torch::kDouble) + 0.5);
  return idx;
}

int main() {
  torch::manual_seed(41);
  const int64_t num_docs = 2000, dim = 64, num_queries = 4, shortlist = 32, final_k = 5;
  auto index = build_index(num_docs, dim);
  auto query_tower = torch::randn({dim, dim}) / 8.0;
  auto calibration = torch::eye(2, torch::kDouble) * 0.5;

  auto raw_queries = torch::randn({num_queries, dim});
  torch::Tensor coarse, reranked, ids;

  at::autocast::set_autocast_cpu_dtype(at::kBFloat16);
  at::autocast::set_cpu_enabled(true);
  {
    torch::NoGradGuard no_grad;
    auto queries = torch::mm(raw_queries, query_tower);
    coarse = torch::mm(queries, index.doc_emb.t());
    ids = std::get<1>(coarse.topk(shortlist, 1));

    auto q64 = queries.to(torch::kDouble);
    auto cand = index.doc_emb_fp64.index_select(0, ids.flatten()).view({num_queries, shortlist, dim});
    auto exact = torch::bmm(cand, q64.unsqueeze(2)).squeeze(2);
    auto prior = index.doc_prior.index_select(0, ids.flatten()).view({num_queries, shortlist});

    auto feats = torch::stack({exact, prior}, 2).view({-1, 2});
    auto calibrated = torch::mm(feats, calibration).view({num_queries, shortlist, 2});
    reranked = calibrated.sum(2);
  }
  at::autocast::set_cpu_enabled(false);
  at::autocast::clear_cache();

  auto order = std::get<1>(reranked.topk(final_k, 1));
  auto final_ids = ids.gather(1, order);
  auto final_scores = reranked.gather(1, order);
  auto spread = torch::mm(final_scores, torch::ones({final_k, 1}, torch::kDouble)) / final_k;

  std::cout << "coarse " << coarse.dtype() << " reranked " << reranked.dtype() << "\n";
  std::cout << "final ids\n" << final_ids << "\n";
  std::cout << "mean final score " << spread.squeeze(1) << "\n";
  return final_ids.size(1) == final_k && reranked.scalar_type() == torch::kDouble ? 0 : 1;
}
