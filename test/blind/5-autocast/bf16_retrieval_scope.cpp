// scenario: a dense-retrieval index encodes queries under a bfloat16 CPU autocast guard and scores them against a float32 catalog
// tier: 5
// family: autocast-unsafe-op
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Float but found BFloat16
#include <torch/torch.h>
#include <ATen/autocast_mode.h>

#include <iostream>
#include <tuple>
#include <vector>

// Enables CPU autocast for the lifetime of the object and restores the
// previous state on exit, like torch.autocast("cpu") in Python.
class CpuAutocastScope {
public:
  explicit CpuAutocastScope(at::ScalarType dtype = at::kBFloat16)
      : prevEnabled_(at::autocast::is_cpu_enabled()),
        prevDtype_(at::autocast::get_autocast_cpu_dtype()) {
    at::autocast::set_cpu_enabled(true);
    at::autocast::set_autocast_cpu_dtype(dtype);
    at::autocast::increment_nesting();
  }
  ~CpuAutocastScope() {
    if (at::autocast::decrement_nesting() == 0)
      at::autocast::clear_cache();
    at::autocast::set_cpu_enabled(prevEnabled_);
    at::autocast::set_autocast_cpu_dtype(prevDtype_);
  }
  CpuAutocastScope(const CpuAutocastScope &) = delete;
  CpuAutocastScope &operator=(const CpuAutocastScope &) = delete;

private:
  bool prevEnabled_;
  at::ScalarType prevDtype_;
};

struct QueryTowerImpl : torch::nn::Module {
  QueryTowerImpl(int64_t in, int64_t hidden, int64_t out)
      : fc1(register_module("fc1", torch::nn::Linear(in, hidden))),
        fc2(register_module("fc2", torch::nn::Linear(hidden, out))) {}
  torch::Tensor forward(const torch::Tensor &x) {
    return fc2(torch::gelu(fc1(x)));
  }
  torch::nn::Linear fc1, fc2;
};
TORCH_MODULE(QueryTower);

class DenseIndex {
public:
  DenseIndex(QueryTower tower, torch::Tensor catalog)
      : tower_(std::move(tower)), catalog_(std::move(catalog)) {
    tower_->eval();
  }

  // Returns (scores, ids) of the k best catalog entries for one query.
  std::tuple<torch::Tensor, torch::Tensor> search(const torch::Tensor &query,
                                                  int64_t k) {
    torch::NoGradGuard noGrad;
    CpuAutocastScope autocast;
    auto q = tower_->forward(query.unsqueeze(0)).squeeze(0);
    q = q / q.norm().clamp_min(1e-6);
    auto scores = torch::mv(catalog_, q); // BUG
    return torch::topk(scores, k);
  }

private:
  QueryTower tower_;
  torch::Tensor catalog_;
};

torch::Tensor buildCatalog(int64_t size, int64_t dim) {
  auto emb = torch::randn({size, dim});
  return emb / emb.norm(2, {1}, /*keepdim=*/true);
}

int main() {
  torch::manual_seed(21);
  DenseIndex index(QueryTower(40, 96, 32), buildCatalog(500, 32));

  std::vector<torch::Tensor> queries = {torch::randn({40}), torch::randn({40})};
  for (const auto &q : queries) {
    torch::Tensor scores, ids;
    std::tie(scores, ids) = index.search(q, /*k=*/5);
    std::cout << "hits: " << ids << "\n";
  }
  return 0;
}
