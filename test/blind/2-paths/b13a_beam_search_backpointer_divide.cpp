// scenario: beam search whose back-pointers are computed with true division after the first step, then used to reorder the beams
// tier: 2
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: index_select(): Expected dtype int32 or int64 for index
#include <torch/torch.h>

#include <cstdint>
#include <iostream>
#include <tuple>
#include <vector>

namespace {

struct ToyDecoder {
  torch::nn::Embedding embed{nullptr};
  torch::nn::Linear proj{nullptr};

  ToyDecoder(int64_t vocab, int64_t hidden)
      : embed(torch::nn::Embedding(vocab, hidden)),
        proj(torch::nn::Linear(hidden, vocab)) {}

  // Log-probabilities of the next token given the last token of each beam.
  torch::Tensor step(const torch::Tensor &last_tokens) {
    return torch::log_softmax(proj(torch::tanh(embed(last_tokens))), -1);
  }
};

} // namespace

int main() {
  torch::manual_seed(7);
  const int64_t vocab = 11;
  const int64_t beam = 3;
  const int64_t bos = 1;
  const int max_len = 4;

  ToyDecoder decoder(vocab, 8);
  torch::NoGradGuard no_grad;

  torch::Tensor tokens = torch::full({beam, 1}, bos, torch::kLong);
  torch::Tensor beam_scores = torch::zeros({beam});

  for (int step = 0; step < max_len; ++step) {
    torch::Tensor log_probs = decoder.step(tokens.select(1, -1)); // [beam, vocab]
    torch::Tensor origin;
    torch::Tensor words;
    torch::Tensor top;

    if (step == 0) {
      // All beams hold the same prefix: expand from the first one only.
      std::tie(top, words) = log_probs[0].topk(beam);
      origin = torch::zeros({beam}, torch::kLong);
    } else {
      torch::Tensor total = beam_scores.unsqueeze(1) + log_probs;
      torch::Tensor flat_idx;
      std::tie(top, flat_idx) = total.view({-1}).topk(beam);
      origin = flat_idx / vocab;
      words = flat_idx.remainder(vocab);
    }

    tokens = tokens.index_select(0, origin); // BUG
    tokens = torch::cat({tokens, words.unsqueeze(1)}, 1);
    beam_scores = top;
  }

  std::cout << "best hypothesis: " << tokens[0] << "\n";
  return 0;
}
