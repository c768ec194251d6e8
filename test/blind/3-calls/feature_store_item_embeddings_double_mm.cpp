// scenario: a candidate scorer reads user and item embeddings from an in-memory feature store keyed by table name; the item table was imported from a float64 offline export
// tier: 3
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Float but found Double
#include <torch/torch.h>
#include <iostream>
#include <string>
#include <unordered_map>
#include <vector>

class FeatureStore {
 public:
  void put(const std::string& table, torch::Tensor values) { tables_[table] = std::move(values); }

  const torch::Tensor& get(const std::string& table) const { return tables_.at(table); }

  bool has(const std::string& table) const { return tables_.count(table) > 0; }

 private:
  std::unordered_map<std::string, torch::Tensor> tables_;
};

void import_offline_items(FeatureStore& store, int64_t items, int64_t dim) {
  std::vector<double> flat(items * dim);
  for (size_t i = 0; i < flat.size(); ++i) flat[i] = std::sin(0.1 * static_cast<double>(i));
  store.put("item_emb", torch::from_blob(flat.data(), {items, dim}, torch::kFloat64).clone());
}

torch::Tensor score_candidates(const FeatureStore& store, const torch::Tensor& user_ids,
                               const torch::Tensor& candidate_ids) {
  torch::Tensor users = store.get("user_emb").index_select(0, user_ids);
  torch::Tensor items = store.get("item_emb").index_select(0, candidate_ids);
  return torch::mm(users, items.t()); // BUG
}

int main() {
  torch::manual_seed(9);
  FeatureStore store;
  store.put("user_emb", torch::randn({10, 4}));
  import_offline_items(store, /*items=*/20, /*dim=*/4);

  torch::Tensor users = torch::tensor({1, 3}, torch::kLong);
  torch::Tensor candidates = torch::arange(0, 6, torch::kLong);
  torch::Tensor scores = score_candidates(store, users, candidates);
  auto best = scores.argmax(1);
  std::cout << "best candidates " << best << "\n";
  return 0;
}
