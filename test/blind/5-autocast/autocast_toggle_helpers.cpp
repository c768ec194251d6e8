// scenario: a two-stage recommender where the candidate tower runs in a bf16 autocast region opened and closed by helpers, and re-ranking runs in float32
// tier: 5
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

namespace {

void begin_bf16_region() {
  at::autocast::set_autocast_cpu_dtype(at::kBFloat16);
  at::autocast::set_cpu_enabled(true);
  at::autocast::increment_nesting();
}

void end_bf16_region() {
  if (at::autocast::decrement_nesting() == 0)
    at::autocast::clear_cache();
  at::autocast::set_cpu_enabled(false);
}

torch::nn::Sequential make_tower(int64_t in, int64_t out) {
  return torch::nn::Sequential(torch::nn::Linear(in, 64), torch::nn::ReLU(), torch::nn::Linear(64, out));
}

} // namespace

int main() {
  torch::manual_seed(33);
  const int64_t user_dim = 20, item_dim = 24, emb = 16, items = 300, users = 4, shortlist = 20;

  auto user_tower = make_tower(user_dim, emb);
  auto item_tower = make_tower(item_dim, emb);
  auto reranker = torch::nn::Linear(2 * emb, 1);
  user_tower->eval();
  item_tower->eval();

  torch::NoGradGuard no_grad;
  auto user_feats = torch::randn({users, user_dim});
  auto item_feats = torch::randn({items, item_dim});

  begin_bf16_region();
  auto item_emb = item_tower->forward(item_feats);
  auto user_emb = user_tower->forward(user_feats);
  auto coarse = torch::mm(user_emb, item_emb.t());
  end_bf16_region();

  auto candidates = std::get<1>(coarse.to(torch::kFloat).topk(shortlist, 1));

  // second stage: re-rank the shortlist
  auto user_vec = user_tower->forward(user_feats);
  auto cand_vec = item_tower->forward(item_feats).index_select(0, candidates.flatten()).view({users, shortlist, emb});
  auto pair = torch::cat({user_vec.unsqueeze(1).expand({users, shortlist, emb}), cand_vec}, 2);
  auto rerank_scores = reranker->forward(pair).squeeze(2);

  auto final_scores = torch::full({users, items}, -1e9);
  for (int64_t u = 0; u < users; ++u)
    final_scores[u].index_put_({candidates[u]}, rerank_scores[u]);
  auto best = final_scores.argmax(1);

  auto exact = torch::mm(user_vec, item_tower->forward(item_feats).t());
  std::cout << "coarse " << coarse.dtype() << ", rerank " << rerank_scores.dtype()
            << ", best items " << best << "\n";

  if (at::autocast::is_cpu_enabled() || rerank_scores.scalar_type() != torch::kFloat)
    return 1;
  if (!(candidates == best.unsqueeze(1)).any(1).all().item<bool>())
    return 1;
  return exact.scalar_type() == torch::kFloat ? 0 : 1;
}
