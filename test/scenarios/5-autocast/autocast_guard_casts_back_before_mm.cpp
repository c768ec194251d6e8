// scenario: a retrieval helper encodes queries under an RAII CPU autocast guard and converts them back to float32 before scoring them against the float32 gallery
// tier: 5
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

class CpuAutocastGuard {
 public:
  explicit CpuAutocastGuard(bool enabled) : previous_(at::autocast::is_cpu_enabled()) {
    at::autocast::set_cpu_enabled(enabled);
    at::autocast::increment_nesting();
  }
  ~CpuAutocastGuard() {
    if (at::autocast::decrement_nesting() == 0)
      at::autocast::clear_cache();
    at::autocast::set_cpu_enabled(previous_);
  }
 private:
  bool previous_;
};

torch::Tensor encode_queries(torch::nn::Sequential &encoder, const torch::Tensor &images) {
  CpuAutocastGuard amp(true);
  auto q = encoder->forward(images);
  return q.to(torch::kFloat);
}

int main() {
  torch::manual_seed(0);
  torch::NoGradGuard no_grad;
  torch::nn::Sequential encoder(torch::nn::Linear(64, 128), torch::nn::ReLU(),
                                torch::nn::Linear(128, 32));
  auto gallery = torch::nn::functional::normalize(torch::randn({500, 32}));

  auto queries = encode_queries(encoder, torch::randn({16, 64}));
  queries = queries / queries.norm(2, 1, true);
  auto scores = torch::mm(queries, gallery.t());
  auto top = std::get<1>(scores.topk(5, 1));
  std::cout << "top-5 for first query: " << top[0] << "\n";
  return 0;
}
