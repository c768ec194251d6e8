// scenario: CPU bf16 autocast scoring pass; scores produced in the region are accumulated per class into float32 buffers of a tensor registry with index_add_
// tier: 5
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: index_add_(): self (Float) and source (BFloat16) must have the same scalar type
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>
#include <map>
#include <string>

namespace {
class CpuAutocast {
public:
  explicit CpuAutocast(at::ScalarType dtype) : prev_enabled_(at::autocast::is_cpu_enabled()), prev_dtype_(at::autocast::get_autocast_cpu_dtype()) {
    at::autocast::set_cpu_enabled(true);
    at::autocast::set_autocast_cpu_dtype(dtype);
  }
  ~CpuAutocast() {
    at::autocast::set_cpu_enabled(prev_enabled_);
    at::autocast::set_autocast_cpu_dtype(prev_dtype_);
    at::autocast::clear_cache();
  }

private:
  bool prev_enabled_;
  at::ScalarType prev_dtype_;
};

constexpr int64_t kClasses = 5;
} // namespace

int main() {
  torch::manual_seed(16);
  torch::nn::Linear scorer(32, kClasses);
  scorer->eval();

  std::map<std::string, torch::Tensor> buffers = {
      {"score_sum", torch::zeros({kClasses, kClasses})},
      {"count", torch::zeros({kClasses})},
  };

  torch::NoGradGuard no_grad;
  for (int batch = 0; batch < 3; ++batch) {
    auto x = torch::randn({40, 32});
    auto labels = torch::randint(0, kClasses, {40});
    torch::Tensor scores;
    {
      CpuAutocast autocast(at::kBFloat16);
      scores = torch::log_softmax(scorer(x), 1);
    }
    buffers["count"].index_add_(0, labels, torch::ones({40}));
    buffers["score_sum"].index_add_(0, labels, scores); // BUG
  }

  for (const auto &[name, buf] : buffers)
    std::cout << name << " " << buf.sizes() << "\n";
  auto mean_scores = buffers["score_sum"] / buffers["count"].clamp_min(1).unsqueeze(1);
  std::cout << "per-class mean log-probs\n" << mean_scores << "\n";
  return 0;
}
