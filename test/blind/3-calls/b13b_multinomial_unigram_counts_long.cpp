// scenario: word2vec-style negative sampler drawing from unigram counts raised to a smoothing power; with the exponent left at 1.0 the helper hands back the raw int64 counts
// tier: 3
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: multinomial only supports floating-point dtypes for input, got: Long
#include <torch/torch.h>
#include <iostream>
#include <utility>

namespace {

torch::Tensor unigram_counts(const torch::Tensor &corpus_ids, int64_t vocab) {
  // +1 so that every word can be drawn
  return torch::bincount(corpus_ids.flatten(), {}, vocab) + 1;
}

torch::Tensor smoothed(const torch::Tensor &counts, double alpha) {
  if (alpha == 1.0)
    return counts; // nothing to smooth
  return counts.to(torch::kFloat).pow(alpha);
}

class NegativeSampler {
public:
  NegativeSampler(torch::Tensor weights, int64_t k)
      : weights_(std::move(weights)), k_(k) {}

  torch::Tensor draw(const torch::Tensor &centers) const {
    auto rows = weights_.unsqueeze(0).expand({centers.size(0), weights_.size(0)});
    auto negatives = torch::multinomial(rows, k_, /*replacement=*/true); // BUG
    // never sample the center word itself
    auto clash = negatives.eq(centers.unsqueeze(1));
    return negatives.masked_fill(clash, 0);
  }

private:
  torch::Tensor weights_;
  int64_t k_;
};

struct SamplerOptions {
  int64_t vocab = 40;
  int64_t negatives = 5;
  double alpha = 1.0; // 0.75 in the paper; 1.0 = plain unigram
};

} // namespace

int main() {
  torch::manual_seed(5);
  SamplerOptions opt;
  auto corpus = torch::randint(0, opt.vocab, {200});
  auto counts = unigram_counts(corpus, opt.vocab);
  NegativeSampler sampler(smoothed(counts, opt.alpha), opt.negatives);

  auto centers = corpus.slice(0, 0, 8);
  auto neg = sampler.draw(centers);
  std::cout << "negatives " << neg.sizes() << "\n";
  return 0;
}
