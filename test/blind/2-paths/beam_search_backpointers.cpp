// scenario: beam search bookkeeping of scores, backpointers and finished flags over decoding steps
// tier: 2
// family: inplace-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <limits>

int main() {
  const int64_t batch = 2;
  const int64_t beam = 4;
  const int64_t vocab = 30;
  const int64_t max_steps = 6;
  const int64_t eos = 1;

  auto scores = torch::zeros({batch, beam});
  scores.slice(1, 1, beam).fill_(-std::numeric_limits<float>::infinity());
  auto tokens = torch::zeros({batch, beam, max_steps}, torch::kLong);
  auto backptr = torch::zeros({batch, beam, max_steps}, torch::kLong);
  auto finished = torch::zeros({batch, beam}, torch::kBool);
  auto lengths = torch::zeros({batch, beam}, torch::kLong);

  for (int64_t t = 0; t < max_steps; ++t) {
    auto log_probs = torch::log_softmax(torch::randn({batch, beam, vocab}), -1);
    log_probs.masked_fill_(finished.unsqueeze(-1), 0.0);
    auto cand = (scores.unsqueeze(-1) + log_probs).view({batch, beam * vocab});

    auto top = torch::topk(cand, beam, /*dim=*/1);
    auto flat = std::get<1>(top);
    auto parent = torch::div(flat, vocab, "floor");
    auto token = torch::remainder(flat, vocab);

    scores = std::get<0>(top);
    finished = finished.gather(1, parent) | token.eq(eos);
    lengths = lengths.gather(1, parent);
    lengths.add_(finished.logical_not());

    auto step = torch::tensor({t});
    tokens.index_copy_(2, step, token.unsqueeze(-1));
    backptr.index_copy_(2, step, parent.unsqueeze(-1));
    if (finished.all().item<bool>())
      break;
  }

  auto normalized = scores / lengths.clamp_min(1);
  std::cout << "best beams " << normalized.argmax(1) << "\n";
  return 0;
}
