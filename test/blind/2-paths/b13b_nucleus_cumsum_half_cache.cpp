// scenario: top-p (nucleus) sampling step of a decoder; when the sampler runs in low-memory mode its probability cache is stored as float16
// tier: 2
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: "cumsum_out_cpu" not implemented for 'Half'
#include <torch/torch.h>
#include <iostream>

namespace {

struct SamplerConfig {
  double top_p = 0.9;
  double temperature = 0.8;
  bool low_memory = false;
};

torch::Tensor fake_logits(int64_t batch, int64_t vocab) {
  torch::manual_seed(21);
  return torch::randn({batch, vocab}) * 3.0;
}

} // namespace

int main() {
  SamplerConfig cfg;
  cfg.low_memory = true; // a long generation: keep the cache small

  const int64_t batch = 2, vocab = 50;
  auto logits = fake_logits(batch, vocab);

  torch::Tensor probs = torch::softmax(logits / cfg.temperature, -1);
  if (cfg.low_memory) {
    probs = probs.to(torch::kHalf);
  }

  torch::Tensor next_tokens;
  if (cfg.top_p >= 1.0) {
    next_tokens = torch::multinomial(probs.to(torch::kFloat), 1);
  } else {
    auto sorted = probs.sort(-1, /*descending=*/true);
    auto sorted_probs = std::get<0>(sorted);
    auto sorted_idx = std::get<1>(sorted);
    auto cdf = sorted_probs.cumsum(-1); // BUG
    // drop tokens once the cumulative mass is past top_p (keep the first)
    auto drop = (cdf - sorted_probs) > cfg.top_p;
    auto kept = sorted_probs.to(torch::kFloat).masked_fill(drop, 0.0);
    auto pick = torch::multinomial(kept, 1);
    next_tokens = sorted_idx.gather(-1, pick);
  }
  std::cout << next_tokens.squeeze(-1) << "\n";
  return 0;
}
