// scenario: a retrieval service encodes queries under a CPU autocast scope, caches the embeddings by query text, and later scores them against a float32 document matrix outside the scope
// tier: 5
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type BFloat16 but found Float
#include <torch/torch.h>
#include <ATen/autocast_mode.h>

#include <cstdint>
#include <iostream>
#include <string>
#include <unordered_map>
#include <vector>

namespace {

// RAII CPU autocast region (what torch.autocast("cpu") does in Python).
class CpuAutocastScope {
public:
  CpuAutocastScope() : prev_(at::autocast::is_cpu_enabled()) {
    at::autocast::set_autocast_cpu_dtype(at::kBFloat16);
    at::autocast::set_cpu_enabled(true);
    at::autocast::increment_nesting();
  }
  ~CpuAutocastScope() {
    if (at::autocast::decrement_nesting() == 0)
      at::autocast::clear_cache();
    at::autocast::set_cpu_enabled(prev_);
  }

private:
  bool prev_;
};

class QueryEncoder {
public:
  explicit QueryEncoder(int64_t dim) : proj_(torch::nn::Linear(dim, dim)) {}

  void warm(const std::unordered_map<std::string, torch::Tensor> &raw) {
    torch::NoGradGuard no_grad;
    CpuAutocastScope autocast;
    for (const auto &kv : raw)
      cache_[kv.first] = torch::nn::functional::normalize(proj_(kv.second),
                             torch::nn::functional::NormalizeFuncOptions().dim(-1));
  }

  const torch::Tensor &lookup(const std::string &query) const { return cache_.at(query); }

private:
  torch::nn::Linear proj_;
  std::unordered_map<std::string, torch::Tensor> cache_;
};

std::vector<int64_t> top_documents(const torch::Tensor &query_vec, const torch::Tensor &docs,
                                   int64_t k) {
  torch::Tensor scores = torch::mm(query_vec, docs.t()); // BUG
  torch::Tensor idx = std::get<1>(scores.topk(k, -1)).squeeze(0);
  return std::vector<int64_t>(idx.data_ptr<int64_t>(), idx.data_ptr<int64_t>() + idx.numel());
}

} // namespace

int main() {
  torch::manual_seed(4);
  const int64_t dim = 8;
  QueryEncoder encoder(dim);

  std::unordered_map<std::string, torch::Tensor> raw_queries = {
      {"cheap flights", torch::randn({1, dim})},
      {"hotel near station", torch::randn({1, dim})},
  };
  encoder.warm(raw_queries);

  torch::Tensor doc_matrix = torch::nn::functional::normalize(
      torch::randn({6, dim}), torch::nn::functional::NormalizeFuncOptions().dim(-1));

  for (const auto &q : {std::string("cheap flights"), std::string("hotel near station")}) {
    auto top = top_documents(encoder.lookup(q), doc_matrix, 2);
    std::cout << q << " -> doc " << top[0] << ", doc " << top[1] << "\n";
  }
  return 0;
}
