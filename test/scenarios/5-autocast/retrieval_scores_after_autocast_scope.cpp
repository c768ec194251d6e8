// scenario: an image-retrieval helper encodes queries inside a scoped CPU autocast guard and scores them against the float32 gallery after the guard is gone
// tier: 5
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type BFloat16 but found Float
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

class CpuAutocastScope {
 public:
  CpuAutocastScope() : previous_(at::autocast::is_cpu_enabled()) {
    at::autocast::set_autocast_cpu_dtype(at::kBFloat16);
    at::autocast::set_cpu_enabled(true);
    at::autocast::increment_nesting();
  }
  ~CpuAutocastScope() {
    if (at::autocast::decrement_nesting() == 0)
      at::autocast::clear_cache();
    at::autocast::set_cpu_enabled(previous_);
  }
 private:
  bool previous_;
};

int main() {
  torch::manual_seed(0);
  torch::NoGradGuard no_grad;
  torch::nn::Sequential encoder(torch::nn::Linear(64, 128), torch::nn::ReLU(),
                                torch::nn::Linear(128, 32));
  auto gallery = torch::nn::functional::normalize(torch::randn({500, 32}));
  auto images = torch::randn({16, 64});

  torch::Tensor queries;
  {
    CpuAutocastScope amp;
    queries = encoder->forward(images);
  }
  queries = queries / queries.norm(2, 1, true);
  auto scores = torch::mm(queries, gallery.t()); // BUG
  auto top = std::get<1>(scores.topk(5, 1));
  std::cout << "top-5 for first query: " << top[0] << "\n";
  return 0;
}
