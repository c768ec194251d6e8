// scenario: a greedy decoder preallocates its prediction buffer with a ternary that picks int32 when the vocabulary fits, and argmax_out writes the step's predictions into it
// tier: 2
// family: out-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Expected out tensor to have dtype long int, but got int instead
#include <torch/torch.h>
#include <cstdint>
#include <iostream>
#include <limits>

namespace {

struct DecoderState {
  torch::Tensor hidden;
  torch::Tensor predictions; // preallocated, reused every step
};

DecoderState init_state(int64_t batch, int64_t hidden, int64_t vocab) {
  const bool fits_int32 = vocab <= std::numeric_limits<int32_t>::max();
  const torch::Dtype index_dtype = fits_int32 ? torch::kInt32 : torch::kInt64; // halves the buffer
  DecoderState s;
  s.hidden = torch::zeros({batch, hidden});
  s.predictions = torch::empty({batch}, torch::TensorOptions().dtype(index_dtype));
  return s;
}

} // namespace

void decode_step(DecoderState& s, const torch::Tensor& w_hidden, const torch::Tensor& w_vocab,
                 const torch::Tensor& embed) {
  torch::Tensor logits = torch::mm(s.hidden, w_vocab);
  torch::argmax_out(s.predictions, logits, /*dim=*/1); // BUG
  s.hidden = torch::tanh(torch::mm(s.hidden, w_hidden) + embed.index_select(0, s.predictions));
}

int main() {
  torch::manual_seed(137);
  const int64_t batch = 2, hidden = 6, vocab = 20;
  torch::Tensor w_hidden = torch::randn({hidden, hidden}) * 0.3;
  torch::Tensor w_vocab = torch::randn({hidden, vocab}) * 0.3;
  torch::Tensor embed = torch::randn({vocab, hidden});

  DecoderState state = init_state(batch, hidden, vocab);
  state.hidden = torch::randn({batch, hidden});
  for (int t = 0; t < 3; ++t) {
    decode_step(state, w_hidden, w_vocab, embed);
    std::cout << "step " << t << " tokens " << state.predictions << "\n";
  }
  return 0;
}
