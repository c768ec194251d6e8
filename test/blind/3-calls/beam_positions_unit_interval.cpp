// scenario: a beam search helper returns top-k token ids; a position-feature helper scales them into [0, 1) in place
// tier: 3
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: result type Float can't be cast to the desired output type Long
#include <torch/torch.h>

#include <iostream>
#include <tuple>

namespace {

struct Candidates {
  torch::Tensor scores; // [beam, k] log-probs
  torch::Tensor tokens; // [beam, k] vocabulary ids
};

Candidates expandBeams(const torch::Tensor &logits, int64_t k) {
  torch::Tensor logp = torch::log_softmax(logits, -1);
  torch::Tensor values, indices;
  std::tie(values, indices) = logp.topk(k, -1);
  return {values, indices};
}

// Maps ids into [0, 1) so they can be fed as a continuous feature.
torch::Tensor &toUnitInterval(torch::Tensor &ids, int64_t vocab) {
  return ids.div_(vocab); // BUG
}

torch::Tensor rescoreFeatures(const Candidates &c, int64_t vocab) {
  torch::Tensor pos = c.tokens;
  toUnitInterval(pos, vocab);
  return torch::stack({c.scores, pos}, -1);
}

} // namespace

int main() {
  torch::manual_seed(1);
  const int64_t beams = 4, vocab = 1000, k = 5;
  torch::Tensor logits = torch::randn({beams, vocab});

  Candidates c = expandBeams(logits, k);
  torch::Tensor feats = rescoreFeatures(c, vocab);

  torch::Tensor rescorer = torch::tensor({1.0f, -0.3f});
  torch::Tensor rescored = torch::matmul(feats, rescorer);
  std::cout << "best candidate per beam: " << rescored.argmax(-1) << "\n";
  return 0;
}
