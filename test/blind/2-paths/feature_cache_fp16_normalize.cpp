// scenario: a retrieval feature cache stores batches in fp16 when configured to, then L2-normalizes what it serves
// tier: 2
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: "clamp_min_cpu" not implemented for 'Half'
#include <torch/torch.h>

#include <iostream>
#include <string>
#include <vector>

struct CacheConfig {
  bool store_fp16 = false;
  int64_t dim = 64;
  int64_t max_batches = 4;
};

static CacheConfig parseConfig(const std::vector<std::string> &args) {
  CacheConfig cfg;
  for (const auto &a : args) {
    if (a == "--fp16")
      cfg.store_fp16 = true;
    else if (a.rfind("--dim=", 0) == 0)
      cfg.dim = std::stoll(a.substr(6));
  }
  return cfg;
}

int main() {
  namespace F = torch::nn::functional;
  CacheConfig cfg = parseConfig({"--dim=32", "--fp16"});

  std::vector<torch::Tensor> cache;
  for (int64_t b = 0; b < cfg.max_batches; ++b) {
    torch::Tensor feats = torch::randn({16, cfg.dim});
    if (cfg.store_fp16) {
      // Halve the resident size of the cache.
      feats = feats.to(torch::kHalf);
    }
    cache.push_back(feats);
  }

  torch::Tensor query = F::normalize(torch::randn({1, cfg.dim}),
                                     F::NormalizeFuncOptions().dim(1));
  double best = -2.0;
  int64_t best_batch = -1;
  for (size_t b = 0; b < cache.size(); ++b) {
    torch::Tensor served = cache[b];
    torch::Tensor unit = F::normalize(served, F::NormalizeFuncOptions().dim(1)); // BUG
    double s = torch::matmul(unit.to(torch::kFloat), query.t()).max().item<double>();
    if (s > best) {
      best = s;
      best_batch = static_cast<int64_t>(b);
    }
  }
  std::cout << "best cosine " << best << " in batch " << best_batch << "\n";
  return 0;
}
