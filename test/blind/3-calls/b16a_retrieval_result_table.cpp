// scenario: a retrieval service keeps preallocated result tables (float scores, int64 ids) and fills them per shard through helpers; values from topk, compact int32 row indices from the request router and Bool masks all reach in-place writes, each converted to the destination's dtype where the op needs it
// tier: 3
// family: inplace-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <cstdint>
#include <iostream>
#include <tuple>
#include <vector>

struct ResultTable {
  torch::Tensor scores; // [queries, k] float
  torch::Tensor ids;    // [queries, k] int64, -1 when empty
  torch::Tensor hits;   // [queries] float, shards that returned something
};

ResultTable makeTable(int64_t queries, int64_t k) {
  return {torch::full({queries, k}, -1e4), torch::full({queries, k}, -1, torch::kLong),
          torch::zeros({queries})};
}

std::tuple<torch::Tensor, torch::Tensor> searchShard(const torch::Tensor &queries,
                                                     const torch::Tensor &shard, int64_t k,
                                                     int64_t idOffset) {
  auto sims = queries.mm(shard.t());
  auto top = sims.topk(k, -1);
  return {std::get<0>(top), std::get<1>(top) + idOffset};
}

// The router sends row numbers as int32 (its wire format).
torch::Tensor routedRows(const std::vector<int32_t> &rows) {
  return torch::tensor(std::vector<int32_t>(rows), torch::kInt);
}

void mergeShard(ResultTable &table, const torch::Tensor &rows, const torch::Tensor &scores,
                const torch::Tensor &ids, double minScore) {
  auto rowsLong = rows.to(torch::kLong);
  auto better = scores > table.scores.index_select(0, rows);
  auto merged = torch::where(better, scores, table.scores.index_select(0, rows));
  auto mergedIds = torch::where(better, ids, table.ids.index_select(0, rows));
  mergedIds.masked_fill_(merged < minScore, -1);
  table.scores.index_copy_(0, rowsLong, merged);
  table.ids.index_put_({rowsLong}, mergedIds);
  auto answered = (ids >= 0).any(-1);
  table.hits.index_add_(0, rows, answered.to(table.hits.scalar_type()));
}

int main() {
  torch::manual_seed(8);
  const int64_t dim = 16, k = 3;
  auto queries = torch::nn::functional::normalize(torch::randn({5, dim}));
  std::vector<torch::Tensor> shards = {torch::randn({40, dim}), torch::randn({30, dim})};

  ResultTable table = makeTable(5, k);
  std::vector<std::vector<int32_t>> routing = {{0, 1, 2, 3, 4}, {1, 3}};
  int64_t offset = 0;
  for (size_t s = 0; s < shards.size(); ++s) {
    auto rows = routedRows(routing[s]);
    auto [scores, ids] = searchShard(queries.index_select(0, rows), shards[s], k, offset);
    mergeShard(table, rows, scores, ids, 0.2);
    offset += shards[s].size(0);
  }
  auto shardsPerQuery = table.hits.sum() / table.hits.numel();
  std::cout << table.ids << "\nshards per query " << shardsPerQuery.item<double>() << "\n";
  return 0;
}
