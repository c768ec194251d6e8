// scenario: a gradient aggregator receives a vector of (int32 row ids, float32 row grads) pairs from workers and folds them into a float32 buffer with index_add_ and index_select, both of which accept int32 indices
// tier: 3
// family: inplace-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <utility>
#include <vector>

using SparseGrad = std::pair<torch::Tensor, torch::Tensor>; // (int32 ids, float32 rows)

SparseGrad worker_grad(int64_t vocab, int64_t dim, int64_t touched) {
  torch::Tensor ids = torch::randperm(vocab, torch::kInt32).narrow(0, 0, touched);
  torch::Tensor rows = torch::randn({touched, dim}) * 0.01;
  return {ids, rows};
}

class GradAggregator {
 public:
  GradAggregator(int64_t vocab, int64_t dim) : sum_(torch::zeros({vocab, dim})), hits_(torch::zeros({vocab})) {}

  void add(const SparseGrad& g) {
    sum_.index_add_(0, g.first, g.second);
    hits_.index_add_(0, g.first, torch::ones({g.first.size(0)}));
  }

  torch::Tensor averaged_rows(const torch::Tensor& ids) const {
    torch::Tensor counts = hits_.index_select(0, ids).clamp_min(1.0).unsqueeze(1);
    return sum_.index_select(0, ids) / counts;
  }

 private:
  torch::Tensor sum_;
  torch::Tensor hits_;
};

int main() {
  torch::manual_seed(151);
  const int64_t vocab = 20, dim = 4;
  GradAggregator agg(vocab, dim);
  std::vector<SparseGrad> inbox;
  for (int w = 0; w < 3; ++w) inbox.push_back(worker_grad(vocab, dim, 6));
  for (const auto& g : inbox) agg.add(g);

  torch::Tensor probe = inbox.front().first; // int32 ids
  torch::Tensor avg = agg.averaged_rows(probe);
  std::cout << "ids " << probe.dtype() << " averaged " << avg.sizes() << " norm "
            << avg.norm().item<float>() << "\n";
  return 0;
}
