// scenario: nearest-neighbour search over an embedding store kept in float16 at rest, upcast for the duration of each scoring pass
// tier: 3
// family: half-on-cpu
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <utility>

struct EmbeddingStore {
  torch::Tensor table; // [items, dim], float16 at rest
  torch::Tensor ids;   // [items], int64 catalogue ids
};

// Holds `t` in float32 for the lifetime of the scope and restores its dtype after.
class ScopedUpcast {
public:
  explicit ScopedUpcast(torch::Tensor &t) : t_(t), saved_(t.scalar_type()) { t_ = t_.to(torch::kFloat); }
  ~ScopedUpcast() { t_ = t_.to(saved_); }

private:
  torch::Tensor &t_;
  torch::ScalarType saved_;
};

template <typename Fn>
torch::Tensor in_float32(const torch::Tensor &t, Fn &&fn) {
  const auto saved = t.scalar_type();
  return std::forward<Fn>(fn)(t.to(torch::kFloat)).to(saved);
}

EmbeddingStore load_store(int64_t items, int64_t dim) {
  auto table = torch::randn({items, dim});
  auto ids = torch::arange(1000, 1000 + items, torch::kLong);
  return {table.to(torch::kHalf), ids};
}

std::pair<torch::Tensor, torch::Tensor> search(EmbeddingStore &store, const torch::Tensor &queries, int64_t k) {
  torch::Tensor scores;
  {
    ScopedUpcast upcast(store.table);
    scores = torch::mm(queries, store.table.t());
  }
  auto top = scores.topk(k, 1);
  return {std::get<0>(top), store.ids.index_select(0, std::get<1>(top).flatten()).view({-1, k})};
}

int main() {
  torch::manual_seed(4);
  auto store = load_store(500, 32);

  store.table = in_float32(store.table, [](const torch::Tensor &x) {
    return x / x.norm(2, 1, /*keepdim=*/true).clamp_min(1e-6);
  });

  auto picked = torch::tensor({3, 141, 276, 499}, torch::kLong);
  auto queries = store.table.index_select(0, picked).to(torch::kFloat);
  queries = queries + 0.01 * torch::randn_like(queries);

  auto [scores, hits] = search(store, queries, 5);
  std::cout << "top hits:\n" << hits << "\nscores:\n" << scores << "\n";

  if (store.table.scalar_type() != torch::kHalf)
    return 1;
  if (!torch::equal(hits.select(1, 0), store.ids.index_select(0, picked)))
    return 1;
  return 0;
}
