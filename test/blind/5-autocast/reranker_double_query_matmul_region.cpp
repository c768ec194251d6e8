// scenario: passage reranker keeps its calibrated query vectors in float64 and scores them against passage keys projected under CPU bf16 autocast; matmul casts the float32 side only
// tier: 5
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Double but found BFloat16
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

namespace rerank {

struct Config {
  int64_t dim = 32;
  int64_t top_k = 3;
  double temperature = 0.07;
};

class KeyProjector : public torch::nn::Module {
 public:
  explicit KeyProjector(int64_t dim) : proj_(register_module("proj", torch::nn::Linear(dim, dim))) {}
  torch::Tensor forward(const torch::Tensor& passages) { return torch::tanh(proj_(passages)); }

 private:
  torch::nn::Linear proj_;
};

// Query calibration is done offline in double precision (whitening against
// the corpus covariance) and shipped as float64.
torch::Tensor calibrated_queries(int64_t n, int64_t dim) {
  auto q = torch::randn({n, dim}, torch::kFloat64);
  auto cov = torch::eye(dim, torch::kFloat64) * 1.5;
  return torch::linalg_solve(cov, q.t()).t();
}

}  // namespace rerank

int main() {
  torch::manual_seed(5);
  rerank::Config cfg;
  auto projector = std::make_shared<rerank::KeyProjector>(cfg.dim);
  projector->eval();

  auto passages = torch::randn({10, cfg.dim});
  auto queries = rerank::calibrated_queries(2, cfg.dim);

  torch::NoGradGuard no_grad;
  at::autocast::set_cpu_enabled(true);
  auto keys = projector->forward(passages);                    // bf16
  auto logits = torch::matmul(queries, keys.transpose(0, 1)); // BUG
  auto probs = torch::softmax(logits / cfg.temperature, -1);
  at::autocast::set_cpu_enabled(false);

  auto best = std::get<1>(probs.topk(cfg.top_k, -1));
  std::cout << "top passages per query:\n" << best << "\n";
  return 0;
}
