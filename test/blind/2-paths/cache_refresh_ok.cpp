// scenario: an item-embedding cache with entries from a legacy float64 shard, normalised in place before retrieval
// tier: 2
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <map>
#include <vector>

namespace {

constexpr int64_t kDim = 32;

std::map<int64_t, torch::Tensor> load_cache() {
  std::map<int64_t, torch::Tensor> cache;
  for (int64_t item_id = 0; item_id < 40; ++item_id) {
    bool legacy_shard = item_id % 3 == 0;
    cache[item_id] = legacy_shard ? torch::randn({kDim}, torch::kFloat64)
                                  : torch::randn({kDim});
  }
  return cache;
}

} // namespace

int main() {
  torch::manual_seed(29);
  auto cache = load_cache();

  // Bring every entry to the serving dtype once, when the cache is loaded.
  int converted = 0;
  for (auto it = cache.begin(); it != cache.end(); ++it) {
    if (it->second.scalar_type() != torch::kFloat32) {
      it->second = it->second.to(torch::kFloat32);
      ++converted;
    }
  }

  std::vector<int64_t> ids;
  std::vector<torch::Tensor> rows;
  for (const auto& kv : cache) {
    ids.push_back(kv.first);
    rows.push_back(kv.second);
  }
  auto item_matrix = torch::stack(rows);

  auto query = torch::randn({4, kDim});
  auto scores = torch::mm(query, item_matrix.t());
  auto best = scores.argmax(1);

  for (int64_t q = 0; q < best.size(0); ++q)
    std::cout << "query " << q << " -> item " << ids[best[q].item<int64_t>()] << "\n";
  std::cout << converted << " legacy entries converted\n";
  return 0;
}
