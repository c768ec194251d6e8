// scenario: a ranking model scores candidates with torch::mv against a float32 scoring vector inside a CPU autocast region, assuming autocast covers every matrix product
// tier: 5
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type BFloat16 but found Float
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

struct Ranker : torch::nn::Module {
  Ranker(int64_t feat_dim, int64_t hidden) {
    tower = register_module("tower", torch::nn::Linear(feat_dim, hidden));
    score_vec = register_parameter("score_vec", torch::randn({hidden}) * 0.1);
  }
  torch::Tensor forward(const torch::Tensor &candidates) {
    auto h = torch::relu(tower(candidates));
    return torch::mv(h, score_vec); // BUG
  }
  torch::nn::Linear tower{nullptr};
  torch::Tensor score_vec;
};

int main() {
  torch::manual_seed(0);
  Ranker ranker(24, 48);
  auto candidates = torch::randn({100, 24});
  at::autocast::set_cpu_enabled(true);
  auto scores = ranker.forward(candidates);
  at::autocast::set_cpu_enabled(false);
  auto best = std::get<1>(scores.topk(10));
  std::cout << "best candidates " << best << "\n";
  return 0;
}
