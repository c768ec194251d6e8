// scenario: search-ranking evaluator densifies int64 relevance labels and float32 click rates with a templated index_put_ helper and computes ranks from argsort
// tier: 3
// family: inplace-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>

#include <cmath>
#include <vector>

namespace {

// Values must already be in Out: the callers pass labels as int64 and rates
// as float32.
template <c10::ScalarType Out>
torch::Tensor densify(const torch::Tensor &query, const torch::Tensor &doc,
                      const torch::Tensor &values, int64_t n_queries, int64_t n_docs) {
  auto dense = torch::zeros({n_queries, n_docs}, torch::TensorOptions().dtype(Out));
  dense.index_put_({query, doc}, values);
  return dense;
}

torch::Tensor ranks_from_scores(const torch::Tensor &scores) {
  // rank[q][d] = position of doc d when query q's docs are sorted by score.
  auto order = torch::argsort(scores, /*dim=*/1, /*descending=*/true);
  auto ranks = torch::empty_like(order);
  const int64_t q = scores.size(0), n = scores.size(1);
  auto rows = torch::arange(q).unsqueeze(1).expand({q, n});
  auto positions = torch::arange(n).unsqueeze(0).expand({q, n});
  ranks.index_put_({rows, order}, positions);
  return ranks;
}

torch::Tensor dcg_at(const torch::Tensor &relevance, const torch::Tensor &ranks, int64_t k) {
  auto gains = (torch::pow(2, relevance) - 1).to(torch::kFloat);
  auto discounts = 1.0 / torch::log2(ranks.to(torch::kFloat) + 2.0);
  auto in_top_k = torch::lt(ranks, k);
  return (gains * discounts * in_top_k).sum(1);
}

double spearman(const torch::Tensor &a, const torch::Tensor &b) {
  auto ra = ranks_from_scores(a.unsqueeze(0)).squeeze(0).to(torch::kDouble);
  auto rb = ranks_from_scores(b.unsqueeze(0)).squeeze(0).to(torch::kDouble);
  auto da = ra - ra.mean();
  auto db = rb - rb.mean();
  return (torch::dot(da, db) / (da.norm() * db.norm())).item<double>();
}

} // namespace

int main() {
  torch::manual_seed(0);
  const int64_t n_queries = 3, n_docs = 5;

  auto query = torch::tensor({0, 0, 0, 1, 1, 2, 2, 2});
  auto doc = torch::tensor({0, 2, 4, 1, 3, 0, 1, 4});
  auto labels = torch::tensor({3, 1, 0, 2, 2, 1, 0, 3});           // int64 grades
  auto click_rate = torch::tensor({0.4f, 0.1f, 0.0f, 0.3f, 0.35f, 0.2f, 0.05f, 0.5f});

  auto relevance = densify<torch::kLong>(query, doc, labels, n_queries, n_docs);
  auto clicks = densify<torch::kFloat>(query, doc, click_rate, n_queries, n_docs);
  if (relevance.scalar_type() != torch::kLong || clicks.scalar_type() != torch::kFloat)
    return 1;

  auto scores = clicks + 0.01 * torch::randn({n_queries, n_docs});
  auto ranks = ranks_from_scores(scores);
  auto ideal = ranks_from_scores(relevance.to(torch::kFloat));

  auto dcg = dcg_at(relevance, ranks, 3);
  auto idcg = dcg_at(relevance, ideal, 3);
  auto ndcg = dcg / idcg.clamp_min(1e-9);
  if ((ndcg > 1.0 + 1e-5).any().item<bool>() || (ndcg < 0).any().item<bool>())
    return 1;

  // Each row of ranks must be a permutation of 0..n_docs-1.
  auto sorted = std::get<0>(ranks.sort(1));
  if (!torch::equal(sorted, torch::arange(n_docs).expand({n_queries, n_docs})))
    return 1;

  double rho = spearman(click_rate, labels.to(torch::kFloat));
  return (rho > 0.0 && rho <= 1.0 + 1e-9) ? 0 : 1;
}
