// scenario: an ensemble evaluator computes logits under CPU autocast and folds them into float32 running buffers
// tier: 5
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <ATen/autocast_mode.h>
#include <torch/torch.h>

#include <iostream>
#include <vector>

namespace {

namespace F = torch::nn::functional;

struct Member {
  torch::nn::Linear fc1{64, 32};
  torch::nn::Linear fc2{32, 10};
  torch::Tensor operator()(const torch::Tensor &x) { return fc2(torch::relu(fc1(x))); }
};

struct RunningStats {
  torch::Tensor sum_logits; // float32
  torch::Tensor last;       // float32 copy of the last member's logits
  int64_t members = 0;
  RunningStats(int64_t n, int64_t c) : sum_logits(torch::zeros({n, c})), last(torch::empty({n, c})) {}

  void fold(const torch::Tensor &logits) {
    sum_logits.add_(logits);
    last.copy_(logits);
    ++members;
  }
};

} // namespace

int main() {
  torch::manual_seed(23);
  const int64_t n = 16, classes = 10;
  std::vector<Member> ensemble(3);
  torch::Tensor x = torch::randn({n, 64});
  torch::Tensor y = torch::randint(0, classes, {n}, torch::kLong);

  RunningStats stats(n, classes);
  std::vector<double> member_loss;
  {
    torch::NoGradGuard no_grad;
    at::autocast::set_cpu_enabled(true);
    for (auto &m : ensemble) {
      torch::Tensor logits = m(x); // bfloat16 under autocast
      member_loss.push_back(F::cross_entropy(logits, y).item<double>());
      stats.fold(logits);
    }
    at::autocast::set_cpu_enabled(false);
    at::autocast::clear_cache();
  }

  torch::Tensor mean_logits = stats.sum_logits / static_cast<double>(stats.members);
  torch::Tensor both = torch::cat({mean_logits, stats.last}, 1);
  double acc = mean_logits.argmax(1).eq(y).to(torch::kFloat).mean().item<double>();
  std::cout << "ensemble accuracy " << acc << ", features " << both.sizes() << "\n";
  for (size_t i = 0; i < member_loss.size(); ++i)
    std::cout << "member " << i << " loss " << member_loss[i] << "\n";
  return 0;
}
