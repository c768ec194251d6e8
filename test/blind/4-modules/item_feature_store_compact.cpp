// scenario: a recommender keeps item and user tables in an unordered_map feature store whose compact option stores them as bf16; the retrieval method multiplies a fresh float32 user vector against a stored table
// tier: 4
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Float but found BFloat16
#include <torch/torch.h>

#include <iostream>
#include <stdexcept>
#include <string>
#include <unordered_map>

class FeatureStore {
public:
  struct Options {
    bool compact = true;  // halves resident memory of the big tables
    int64_t max_tables = 16;
  };

  explicit FeatureStore(Options options) : options_(options) {}

  void put(const std::string &name, const torch::Tensor &table) {
    if (static_cast<int64_t>(tables_.size()) >= options_.max_tables)
      throw std::runtime_error("feature store is full");
    tables_[name] = options_.compact ? table.to(torch::kBFloat16) : table.contiguous();
  }

  const torch::Tensor &get(const std::string &name) const { return tables_.at(name); }
  bool compact() const { return options_.compact; }

private:
  Options options_;
  std::unordered_map<std::string, torch::Tensor> tables_;
};

class Retriever {
public:
  Retriever(const FeatureStore &store, int64_t dim) : store_(store), query_proj_(dim, dim) {}

  torch::Tensor user_vector(const torch::Tensor &history_ids) {
    const auto &items = store_.get("item_emb");
    auto history = items.index_select(0, history_ids).to(torch::kFloat32).mean(0, true);
    return query_proj_(history);
  }

  torch::Tensor top_items(const torch::Tensor &user, int64_t k) {
    const auto &items = store_.get("item_emb");
    auto scores = torch::mm(user, items.t());  // BUG
    return std::get<1>(scores.topk(k, /*dim=*/1));
  }

private:
  const FeatureStore &store_;
  torch::nn::Linear query_proj_;
};

int main() {
  torch::NoGradGuard no_grad;
  const int64_t num_items = 5000, dim = 32;
  FeatureStore store(FeatureStore::Options{});
  store.put("item_emb", torch::randn({num_items, dim}) * 0.1);
  store.put("item_popularity", torch::rand({num_items}));

  Retriever retriever(store, dim);
  auto history = torch::tensor({12, 845, 3001, 77}, torch::kLong);
  auto user = retriever.user_vector(history);
  auto recommended = retriever.top_items(user, 10);
  std::cout << "store compact=" << store.compact() << " recommended:";
  for (int64_t i = 0; i < recommended.size(1); ++i)
    std::cout << " " << recommended[0][i].item<int64_t>();
  std::cout << "\n";
  return 0;
}
