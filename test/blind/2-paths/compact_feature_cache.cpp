// scenario: a feature cache keeps large embedding tables in float16 and widens them back on lookup before similarity search
// tier: 2
// family: half-on-cpu
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <vector>

class FeatureCache {
 public:
  explicit FeatureCache(int64_t compact_threshold) : compact_threshold_(compact_threshold) {}

  void store(const torch::Tensor& embeddings) {
    compact_ = embeddings.size(0) > compact_threshold_;
    table_ = compact_ ? embeddings.to(torch::kHalf) : embeddings.clone();
    row_norm_sum_ = table_.abs().sum().item<double>();
  }

  torch::Tensor lookup(const torch::Tensor& ids) const {
    torch::Tensor rows = table_.index_select(0, ids);
    if (compact_)
      rows = rows.to(torch::kFloat32);
    return rows;
  }

  bool compact() const { return compact_; }
  double row_norm_sum() const { return row_norm_sum_; }

 private:
  int64_t compact_threshold_;
  bool compact_ = false;
  torch::Tensor table_;
  double row_norm_sum_ = 0.0;
};

int main() {
  torch::manual_seed(11);
  FeatureCache cache(/*compact_threshold=*/500);
  torch::Tensor queries = torch::nn::functional::normalize(torch::randn({4, 32}));

  for (int64_t vocab : {200, 2000}) {
    cache.store(torch::randn({vocab, 32}));
    torch::Tensor candidate_ids = torch::randint(0, vocab, {64});
    torch::Tensor candidates = cache.lookup(candidate_ids);
    candidates = torch::nn::functional::normalize(candidates,
        torch::nn::functional::NormalizeFuncOptions().dim(1));
    torch::Tensor scores = torch::mm(queries, candidates.t());
    torch::Tensor best = std::get<1>(scores.topk(5, 1));
    std::cout << "vocab " << vocab << (cache.compact() ? " (fp16)" : " (fp32)")
              << " mass " << cache.row_norm_sum() << " best " << best[0][0].item<int64_t>() << "\n";
  }
  return 0;
}
