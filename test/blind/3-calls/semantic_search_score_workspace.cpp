// scenario: a semantic-search shard scores query batches into a reusable workspace sized from a variant index spec
// tier: 3
// family: out-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Expected out tensor to have dtype float, but got double instead
#include <torch/torch.h>
#include <iostream>
#include <variant>
#include <vector>

namespace {

struct FlatIndexSpec {
  int64_t num_docs;
  int64_t dim;
};
struct ShardedIndexSpec {
  int64_t docs_per_shard;
  int64_t num_shards;
  int64_t dim;
  bool exact_rerank; // re-rank candidates with full-precision scores
};
using IndexSpec = std::variant<FlatIndexSpec, ShardedIndexSpec>;

struct ScoreWorkspace {
  torch::Tensor scores; // [max_queries, docs] reused across requests
  int64_t max_queries = 0;
};

ScoreWorkspace makeWorkspace(const IndexSpec &spec, int64_t max_queries) {
  return std::visit(
      [&](const auto &s) -> ScoreWorkspace {
        using S = std::decay_t<decltype(s)>;
        if constexpr (std::is_same_v<S, FlatIndexSpec>) {
          return {torch::empty({max_queries, s.num_docs}), max_queries};
        } else {
          auto dtype = s.exact_rerank ? torch::kFloat64 : torch::kFloat32;
          return {torch::empty({max_queries, s.docs_per_shard}, torch::TensorOptions().dtype(dtype)),
                  max_queries};
        }
      },
      spec);
}

torch::Tensor &scoreInto(ScoreWorkspace &ws, const torch::Tensor &queries,
                         const torch::Tensor &doc_embeddings) {
  auto out = ws.scores.narrow(0, 0, queries.size(0));
  torch::mm_out(out, queries, doc_embeddings.t()); // BUG
  return ws.scores;
}

} // namespace

int main() {
  IndexSpec spec = ShardedIndexSpec{512, 4, 64, /*exact_rerank=*/true};
  ScoreWorkspace ws = makeWorkspace(spec, 16);

  auto shard = torch::nn::functional::normalize(torch::randn({512, 64}),
                                                torch::nn::functional::NormalizeFuncOptions().dim(1));
  std::vector<torch::Tensor> requests = {torch::randn({3, 64}), torch::randn({8, 64})};
  for (const auto &q : requests) {
    auto &scores = scoreInto(ws, q, shard);
    auto top = std::get<1>(scores.narrow(0, 0, q.size(0)).topk(5, 1));
    std::cout << "top docs for first query: " << top[0] << "\n";
  }
  return 0;
}
