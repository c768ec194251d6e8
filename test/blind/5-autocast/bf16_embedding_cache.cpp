// scenario: an item-embedding cache refreshed under CPU autocast; fresh projections are copied into the float32 table
// tier: 5
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: index_copy_(): self and source expected to have the same dtype, but got (self) Float and (source) BFloat16
#include <ATen/autocast_mode.h>
#include <torch/torch.h>
#include <iostream>
#include <unordered_map>

namespace {

// Scoped CPU autocast, the C++ counterpart of torch.autocast("cpu").
class CpuAutocast {
public:
  CpuAutocast() : prev_(at::autocast::is_cpu_enabled()) {
    at::autocast::set_cpu_enabled(true);
    at::autocast::increment_nesting();
  }
  ~CpuAutocast() {
    if (at::autocast::decrement_nesting() == 0)
      at::autocast::clear_cache();
    at::autocast::set_cpu_enabled(prev_);
  }

private:
  bool prev_;
};

} // namespace

class EmbeddingCache {
public:
  EmbeddingCache(int64_t capacity, int64_t feat_dim, int64_t dim)
      : table_(torch::zeros({capacity, dim})),
        projection_(torch::randn({feat_dim, dim}) / std::sqrt(static_cast<double>(feat_dim))) {}

  void refresh(const std::unordered_map<int64_t, torch::Tensor>& fresh_features) {
    std::vector<int64_t> slots;
    std::vector<torch::Tensor> rows;
    for (const auto& [item_id, feats] : fresh_features) {
      slots.push_back(item_id % table_.size(0));
      rows.push_back(feats);
    }
    if (slots.empty())
      return;
    auto index = torch::tensor(slots, torch::kLong);
    CpuAutocast autocast;
    auto embeddings = torch::mm(torch::stack(rows), projection_);
    table_.index_copy_(0, index, embeddings); // BUG
    version_++;
  }

  torch::Tensor lookup(int64_t item_id) const { return table_[item_id % table_.size(0)]; }
  int version() const { return version_; }

private:
  torch::Tensor table_;
  torch::Tensor projection_;
  int version_ = 0;
};

int main() {
  torch::manual_seed(73);
  EmbeddingCache cache(128, 24, 16);
  std::unordered_map<int64_t, torch::Tensor> fresh;
  for (int64_t id : {3, 17, 99, 140})
    fresh.emplace(id, torch::randn({24}));
  cache.refresh(fresh);
  std::cout << "cache v" << cache.version() << ", item 17 norm "
            << cache.lookup(17).norm().item<float>() << "\n";
  return 0;
}
