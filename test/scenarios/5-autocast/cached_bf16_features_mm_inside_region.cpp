// scenario: a linear probe multiplies bfloat16 features from an on-disk cache by its float32 weight with torch::mm, but only inside a CPU autocast region
// tier: 5
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

// Stand-in for features that were dumped in bfloat16 to save disk space.
torch::Tensor load_cached_features(int64_t n, int64_t dim) {
  return torch::randn({n, dim}).to(torch::kBFloat16);
}

struct LinearProbe {
  torch::Tensor weight = torch::randn({256, 10}) * 0.02;
  torch::Tensor bias = torch::zeros({10});
  torch::Tensor logits(const torch::Tensor &feats) const {
    return torch::addmm(bias, feats, weight);
  }
};

int main() {
  torch::manual_seed(0);
  LinearProbe probe;
  auto feats = load_cached_features(128, 256);
  auto labels = torch::randint(0, 10, {128});

  at::autocast::set_cpu_enabled(true);
  auto logits = probe.logits(feats);
  auto gram = torch::mm(feats, probe.weight);
  at::autocast::set_cpu_enabled(false);

  auto acc = logits.argmax(1).eq(labels).to(torch::kFloat).mean();
  std::cout << "probe accuracy " << acc.item<float>() << ", gram " << gram.sizes() << "\n";
  return 0;
}
