// scenario: retrieval scorers share a CRTP base that encodes queries through the derived class; the high-precision scorer encodes queries in float64 while the key index is float32
// tier: 3
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Double but found Float
#include <torch/torch.h>
#include <iostream>

template <class Derived>
class ScorerBase {
 public:
  torch::Tensor score(const torch::Tensor& queries, const torch::Tensor& keys) {
    auto q = self().encode_query(queries);
    return torch::mm(q, keys.t()); // BUG
  }

  torch::Tensor top_k(const torch::Tensor& queries, const torch::Tensor& keys, int64_t k) {
    return std::get<1>(score(queries, keys).topk(k, /*dim=*/1));
  }

 private:
  Derived& self() { return static_cast<Derived&>(*this); }
};

class CosineScorer : public ScorerBase<CosineScorer> {
 public:
  torch::Tensor encode_query(const torch::Tensor& q) {
    return q / q.norm(2, {1}, /*keepdim=*/true).clamp_min(1e-12);
  }
};

// Near-duplicate detection compares scores that differ in the 7th digit.
class HighPrecisionScorer : public ScorerBase<HighPrecisionScorer> {
 public:
  torch::Tensor encode_query(const torch::Tensor& q) {
    auto qd = q.to(torch::kDouble);
    return qd / qd.norm(2, {1}, /*keepdim=*/true).clamp_min(1e-300);
  }
};

int main() {
  torch::manual_seed(107);
  auto keys = torch::randn({20, 16});
  keys = keys / keys.norm(2, {1}, /*keepdim=*/true);
  auto queries = torch::randn({3, 16});

  CosineScorer fast;
  std::cout << "fast top-3 " << fast.top_k(queries, keys, 3) << "\n";
  HighPrecisionScorer exact;
  std::cout << "exact top-3 " << exact.top_k(queries, keys, 3) << "\n";
  return 0;
}
