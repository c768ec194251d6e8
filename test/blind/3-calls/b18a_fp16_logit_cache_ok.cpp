// scenario: a speculative-decoding draft keeps its per-step logits in a float16 cache and every consumer goes through a stored upcast lambda before softmax and top-k on the CPU
// tier: 3
// family: half-on-cpu
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>

#include <functional>
#include <iostream>
#include <vector>

namespace draft {

constexpr torch::Dtype kCacheDtype = torch::kHalf;
constexpr torch::Dtype kMathDtype = torch::kFloat;

using Upcast = std::function<torch::Tensor(const torch::Tensor&)>;

struct LogitCache {
  std::vector<torch::Tensor> steps;
  Upcast widen = [](const torch::Tensor& t) { return t.to(kMathDtype); };

  void push(const torch::Tensor& logits) { steps.push_back(logits.to(kCacheDtype)); }
  torch::Tensor at(size_t i) const { return widen(steps.at(i)); }
};

torch::Tensor draft_logits(const torch::Tensor& hidden, const torch::Tensor& unembed) {
  return torch::mm(hidden, unembed.t());
}

std::vector<int64_t> propose(const LogitCache& cache, int64_t k) {
  std::vector<int64_t> tokens;
  for (size_t s = 0; s < cache.steps.size(); ++s) {
    auto probs = torch::softmax(cache.at(s), -1);
    auto top = std::get<1>(probs.topk(k, -1));
    tokens.push_back(top[0][0].item<int64_t>());
  }
  return tokens;
}

double acceptance_rate(const LogitCache& draft, const std::vector<torch::Tensor>& target) {
  int64_t accepted = 0;
  for (size_t s = 0; s < target.size(); ++s) {
    auto p = torch::softmax(target[s], -1);
    auto q = torch::softmax(draft.at(s), -1);
    accepted += (torch::minimum(p, q).sum().item<double>() > 0.5) ? 1 : 0;
  }
  return static_cast<double>(accepted) / static_cast<double>(target.size());
}

}  // namespace draft

int main() {
  torch::manual_seed(12);
  const int64_t vocab = 300, dim = 24, steps = 6;
  auto unembed = torch::randn({vocab, dim}) * 0.2;

  draft::LogitCache cache;
  std::vector<torch::Tensor> target_logits;
  auto hidden = torch::randn({1, dim});
  for (int64_t s = 0; s < steps; ++s) {
    auto logits = draft::draft_logits(hidden, unembed);
    cache.push(logits);
    target_logits.push_back(logits + 0.05 * torch::randn_like(logits));
    hidden = torch::tanh(hidden + 0.1 * torch::randn_like(hidden));
  }

  auto proposal = draft::propose(cache, 4);
  std::cout << "proposed:";
  for (auto t : proposal) std::cout << " " << t;
  std::cout << "\nacceptance " << draft::acceptance_rate(cache, target_logits) << "\n";
  return 0;
}
