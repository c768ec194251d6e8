// scenario: anomaly scorer in float64 casts its input first and only then takes the early return for an all-masked batch, so every path reaches the linear layers in float64
// tier: 2
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

struct AnomalyScorerImpl : torch::nn::Module {
  explicit AnomalyScorerImpl(int64_t dim) {
    encode_ = register_module("encode", torch::nn::Linear(dim, 4));
    decode_ = register_module("decode", torch::nn::Linear(4, dim));
  }

  // x: [N, dim] float32 sensor rows; mask: [N] bool, true = row is valid
  torch::Tensor forward(const torch::Tensor& x, const torch::Tensor& mask) {
    auto rows = x.to(encode_->weight.scalar_type());
    if (!mask.any().item<bool>())
      return torch::zeros({x.size(0)}, rows.options());
    if (mask.all().item<bool>())
      return (decode_(torch::tanh(encode_(rows))) - rows).pow(2).mean(1);
    auto valid = rows.index({mask});
    auto err = (decode_(torch::tanh(encode_(valid))) - valid).pow(2).mean(1);
    auto scores = torch::zeros({x.size(0)}, rows.options());
    scores.index_put_({mask}, err);
    return scores;
  }

  torch::nn::Linear encode_{nullptr}, decode_{nullptr};
};
TORCH_MODULE(AnomalyScorer);

int main() {
  torch::manual_seed(167);
  AnomalyScorer scorer(/*dim=*/8);
  scorer->to(torch::kDouble);
  scorer->eval();

  torch::NoGradGuard no_grad;
  auto x = torch::randn({5, 8});
  auto partial = torch::tensor({true, false, true, true, false});
  std::cout << "partial " << scorer->forward(x, partial) << "\n";
  std::cout << "none " << scorer->forward(x, torch::zeros({5}, torch::kBool)) << "\n";
  std::cout << "all " << scorer->forward(x, torch::ones({5}, torch::kBool)) << "\n";
  return 0;
}
