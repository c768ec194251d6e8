// scenario: batched beam search that recovers back-pointers with floor division and applies a length penalty in float
// tier: 2
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>

#include <cmath>
#include <cstdint>
#include <iostream>
#include <tuple>

namespace {

enum class Strategy { kGreedy, kBeam };

struct SearchConfig {
  Strategy strategy = Strategy::kBeam;
  int64_t beam = 3;
  int64_t max_len = 5;
  int64_t eos = 0;
  double length_alpha = 0.6;
};

} // namespace

int main() {
  torch::manual_seed(11);
  const int64_t vocab = 9;
  SearchConfig cfg;
  const int64_t width = cfg.strategy == Strategy::kGreedy ? 1 : cfg.beam;

  torch::nn::Embedding embed(vocab, 6);
  torch::nn::Linear head(6, vocab);
  torch::NoGradGuard no_grad;

  torch::Tensor tokens = torch::full({width, 1}, 2, torch::kLong);
  torch::Tensor scores = torch::zeros({width});
  torch::Tensor lengths = torch::ones({width}, torch::kLong);
  torch::Tensor finished = torch::zeros({width}, torch::kBool);

  for (int64_t t = 0; t < cfg.max_len; ++t) {
    torch::Tensor log_probs = torch::log_softmax(head(embed(tokens.select(1, -1))), -1);
    // Finished beams only extend with EOS at no cost.
    log_probs = log_probs.masked_fill(finished.unsqueeze(1), -1e9);
    log_probs.index_put_({finished, cfg.eos}, 0.0);

    torch::Tensor total = scores.unsqueeze(1) + log_probs;
    if (t == 0)
      total = total.slice(0, 0, 1); // identical prefixes at the start

    torch::Tensor best, flat_idx;
    std::tie(best, flat_idx) = total.reshape({-1}).topk(width);
    torch::Tensor origin = torch::div(flat_idx, vocab, "floor");
    torch::Tensor words = flat_idx - origin * vocab;

    tokens = torch::cat({tokens.index_select(0, origin), words.unsqueeze(1)}, 1);
    finished = finished.index_select(0, origin) | words.eq(cfg.eos);
    lengths = lengths.index_select(0, origin) + (~finished).to(torch::kLong);
    scores = best;
    if (finished.all().item<bool>())
      break;
  }

  // Length-normalised ranking: lengths are int64, the penalty is float.
  torch::Tensor penalty = torch::pow((5.0 + lengths) / 6.0, cfg.length_alpha);
  torch::Tensor ranked = scores / penalty;
  int64_t winner = ranked.argmax().item<int64_t>();
  torch::Tensor hypothesis = tokens.gather(0, torch::full({1, tokens.size(1)}, winner,
                                                          torch::kLong));
  std::cout << "winner " << winner << ": " << hypothesis << "\n";
  return 0;
}
