// scenario: a decoder keeps its attention score cache in float16 by default to save memory, then applies softmax to it on the CPU
// tier: 2
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: "softmax_lastdim_kernel_impl" not implemented for 'Half'
#include <torch/torch.h>
#include <cstring>
#include <iostream>

struct DecoderConfig {
  bool fp16_cache = true;
  int64_t heads = 4;
  int64_t head_dim = 16;
  int64_t steps = 6;
};

int main(int argc, char **argv) {
  torch::manual_seed(0);
  DecoderConfig cfg;
  for (int i = 1; i < argc; ++i)
    if (!std::strcmp(argv[i], "--fp32-cache")) cfg.fp16_cache = false;

  auto keys = torch::randn({cfg.heads, cfg.steps, cfg.head_dim});
  auto values = torch::randn({cfg.heads, cfg.steps, cfg.head_dim});
  auto query = torch::randn({cfg.heads, 1, cfg.head_dim});

  auto scores = torch::bmm(query, keys.transpose(1, 2)) / std::sqrt(double(cfg.head_dim));
  if (cfg.fp16_cache) {
    scores = scores.to(torch::kHalf);
    values = values.to(torch::kHalf);
  }
  auto attn = torch::softmax(scores, -1); // BUG
  auto context = torch::bmm(attn.to(torch::kFloat), values.to(torch::kFloat));
  std::cout << "context " << context.sizes() << "\n";
  return 0;
}
