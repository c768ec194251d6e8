// scenario: a relative-position scorer shares one static cached table across instances; the table is built from float64 angles but stored as float32, so the matmul with float32 queries agrees
// tier: 4
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <cmath>
#include <iostream>

struct PositionScorerImpl : torch::nn::Module {
  explicit PositionScorerImpl(int64_t dim) : proj(register_module("proj", torch::nn::Linear(dim, dim))) {}

  // One table for every scorer in the process; grown on demand.
  static inline torch::Tensor cached_table;

  static const torch::Tensor& table(int64_t max_len, int64_t dim) {
    if (!cached_table.defined() || cached_table.size(0) < max_len || cached_table.size(1) != dim) {
      torch::Tensor pos = torch::arange(max_len, torch::kFloat64).unsqueeze(1);
      torch::Tensor freq = torch::exp(torch::arange(0, dim, 2, torch::kFloat64) * (-std::log(10000.0) / dim));
      torch::Tensor angles = pos * freq; // float64 keeps long positions exact
      cached_table = torch::stack({angles.sin(), angles.cos()}, -1).reshape({max_len, dim}).to(torch::kFloat);
    }
    return cached_table;
  }

  torch::Tensor forward(const torch::Tensor& queries) {
    const int64_t len = queries.size(1);
    torch::Tensor pe = table(len, queries.size(2)).narrow(0, 0, len);
    torch::Tensor q = proj->forward(queries);
    return torch::matmul(q, pe.t()); // [batch, len, len] position affinities
  }

  torch::nn::Linear proj;
};
TORCH_MODULE(PositionScorer);

int main() {
  torch::manual_seed(97);
  PositionScorer encoder_scorer(8), decoder_scorer(8);
  torch::NoGradGuard no_grad;
  torch::Tensor a = encoder_scorer->forward(torch::randn({2, 5, 8}));
  torch::Tensor b = decoder_scorer->forward(torch::randn({2, 9, 8})); // grows the shared table
  std::cout << "encoder " << a.sizes() << " decoder " << b.sizes() << " table "
            << PositionScorerImpl::cached_table.dtype() << "\n";
  return 0;
}
