// scenario: an inference cache stores logits as float16; the scorer upcasts on the half path before softmax and entropy
// tier: 2
// family: half-on-cpu
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <unordered_map>

namespace {

struct CacheEntry {
  torch::Tensor logits;
  bool compressed;
};

} // namespace

int main() {
  torch::manual_seed(8);
  std::unordered_map<int, CacheEntry> cache;
  cache[101] = {torch::randn({3, 10}).to(torch::kHalf), true};
  cache[102] = {torch::randn({3, 10}), false};
  cache[103] = {torch::randn({3, 10}).to(torch::kHalf), true};

  double totalEntropy = 0.0;
  int confident = 0;
  for (int requestId : {101, 102, 103}) {
    torch::Tensor logits = cache.at(requestId).logits;
    if (logits.scalar_type() == torch::kHalf || logits.scalar_type() == torch::kBFloat16) {
      // CPU kernels for softmax/log do not take float16 in this release.
      logits = logits.to(torch::kFloat);
    }
    auto probs = torch::softmax(logits, -1);
    auto logProbs = torch::log_softmax(logits, -1);
    auto entropy = -(probs * logProbs).sum(-1);
    auto maxProb = std::get<0>(probs.max(-1));
    confident += (maxProb > 0.5).sum().item<int64_t>();
    totalEntropy += entropy.mean().item<double>();
    if (cache.at(requestId).compressed)
      std::cout << "request " << requestId << " (fp16 cache) entropy "
                << entropy.mean().item<float>() << std::endl;
  }
  std::cout << "mean entropy " << totalEntropy / 3 << ", confident rows " << confident
            << std::endl;
  return 0;
}
