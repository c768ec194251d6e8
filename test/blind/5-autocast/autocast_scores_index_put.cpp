// scenario: batched scoring under CPU autocast writes each chunk's logits into a preallocated float32 results table
// tier: 5
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Index put requires the source and destination dtypes match, got Float for the destination and BFloat16 for the source.
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>
#include <vector>

namespace {

class CpuAutocast {
public:
  CpuAutocast() : prev_(at::autocast::is_cpu_enabled()) { at::autocast::set_cpu_enabled(true); }
  ~CpuAutocast() {
    at::autocast::set_cpu_enabled(prev_);
    if (!prev_)
      at::autocast::clear_cache();
  }

private:
  bool prev_;
};

struct Scorer {
  torch::nn::Sequential net{torch::nn::Linear(48, 64), torch::nn::ReLU(), torch::nn::Linear(64, 7)};
};

} // namespace

int main() {
  torch::manual_seed(2);
  Scorer scorer;
  scorer.net->eval();
  const int64_t total = 40, chunk = 16, classes = 7;
  auto features = torch::randn({total, 48});
  auto results = torch::full({total, classes}, -std::numeric_limits<float>::infinity());

  torch::NoGradGuard no_grad;
  for (int64_t start = 0; start < total; start += chunk) {
    const int64_t end = std::min(start + chunk, total);
    auto rows = torch::arange(start, end, torch::kLong);
    torch::Tensor logits;
    {
      CpuAutocast autocast;
      logits = scorer.net->forward(features.index_select(0, rows));
    }
    results.index_put_({rows}, logits); // BUG
  }
  auto best = results.argmax(1);
  std::cout << "best classes " << best.sizes() << " first " << best[0].item<int64_t>() << "\n";
  return 0;
}
