// scenario: hand-rolled Elman RNN over a long sequence compresses its hidden state to bf16 at every checkpoint step to save memory; the next step multiplies the bf16 state with the float32 recurrent matrix
// tier: 2
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type BFloat16 but found Float
#include <torch/torch.h>
#include <iostream>
#include <vector>

struct RnnWeights {
  torch::Tensor w_ih, w_hh, b;
};

RnnWeights init_weights(int64_t in, int64_t hidden) {
  return {torch::randn({in, hidden}) * 0.2, torch::randn({hidden, hidden}) * 0.1, torch::zeros({hidden})};
}

int main() {
  torch::manual_seed(29);
  const int64_t steps = 12, in = 5, hidden = 16, checkpoint_every = 4;
  auto w = init_weights(in, hidden);
  auto seq = torch::randn({steps, 3, in});

  auto h = torch::zeros({3, hidden});
  std::vector<torch::Tensor> checkpoints;
  for (int64_t t = 0; t < steps; ++t) {
    auto pre = torch::mm(seq[t], w.w_ih) + w.b;
    pre = pre + torch::mm(h, w.w_hh); // BUG
    h = torch::tanh(pre);
    if ((t + 1) % checkpoint_every == 0) {
      h = h.to(torch::kBFloat16);   // keep the checkpoint compact
      checkpoints.push_back(h);
    }
  }
  auto readout = torch::randn({hidden, 2});
  auto final_logits = torch::mm(h.to(torch::kFloat), readout);
  std::cout << "kept " << checkpoints.size() << " checkpoints, final logits "
            << final_logits.sizes() << "\n";
  return 0;
}
