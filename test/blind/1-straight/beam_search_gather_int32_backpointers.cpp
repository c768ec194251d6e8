// scenario: beam search decoder gathers beam scores with int32 backpointers read from a decoder state
// tier: 1
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: gather(): Expected dtype int64 for index
#include <torch/torch.h>
#include <cstdint>
#include <iostream>
#include <vector>

int main() {
  torch::manual_seed(7);
  const int64_t batch = 2;
  const int64_t beam = 3;
  const int64_t vocab = 11;

  // Log-probabilities of the next token for every live hypothesis.
  torch::Tensor step_logp = torch::log_softmax(torch::randn({batch, beam, vocab}), -1);
  torch::Tensor running = torch::zeros({batch, beam});
  torch::Tensor total = running.unsqueeze(-1) + step_logp;

  // Choose the best beam*vocab candidates per batch row.
  auto flat = total.view({batch, beam * vocab});
  auto best = flat.topk(beam, /*dim=*/1);
  torch::Tensor best_scores = std::get<0>(best);
  torch::Tensor best_flat = std::get<1>(best);

  // The decoder keeps backpointers compactly, as int32 (it ships them to a
  // tokenizer written in C that expects 32-bit ids).
  torch::Tensor parent = best_flat.div(vocab, "floor").to(torch::kInt32);
  torch::Tensor token = best_flat.remainder(vocab).to(torch::kInt32);

  // Keep the history aligned with the surviving parents.
  std::vector<int32_t> history_init = {4, 9, 1, 2, 2, 7};
  torch::Tensor history =
      torch::tensor(history_init, torch::kInt32).view({batch, beam, 1});
  torch::Tensor lengths = torch::full({batch, beam}, 1.0);

  torch::Tensor parent_len = lengths.gather(1, parent); // BUG
  torch::Tensor reordered = history.index_select(1, parent[0]);
  torch::Tensor extended = torch::cat({reordered, token.unsqueeze(-1)}, -1);
  torch::Tensor normed = best_scores / (parent_len + 1.0);

  std::cout << "best hypotheses:\n" << extended << "\n";
  std::cout << "length-normalised scores:\n" << normed << "\n";
  return 0;
}
