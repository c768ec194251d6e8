// scenario: hand-rolled Elman RNN stores bf16 copies of its hidden state at checkpoint steps but keeps the working state float32, and decompresses a checkpoint before resuming from it
// tier: 2
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <vector>

struct RnnWeights {
  torch::Tensor w_ih, w_hh, b;
};

torch::Tensor run(const RnnWeights& w, const torch::Tensor& seq, torch::Tensor h, int64_t from, int64_t to,
                  std::vector<torch::Tensor>* checkpoints, int64_t every) {
  for (int64_t t = from; t < to; ++t) {
    auto pre = torch::mm(seq[t], w.w_ih) + w.b + torch::mm(h, w.w_hh);
    h = torch::tanh(pre);
    if (checkpoints && (t + 1) % every == 0) checkpoints->push_back(h.to(torch::kBFloat16));
  }
  return h;
}

int main() {
  torch::manual_seed(29);
  const int64_t steps = 12, in = 5, hidden = 16, every = 4;
  RnnWeights w{torch::randn({in, hidden}) * 0.2, torch::randn({hidden, hidden}) * 0.1, torch::zeros({hidden})};
  auto seq = torch::randn({steps, 3, in});

  std::vector<torch::Tensor> checkpoints;
  auto h_full = run(w, seq, torch::zeros({3, hidden}), 0, steps, &checkpoints, every);

  // Resume from the second checkpoint (after step 8) to replay the tail.
  torch::Tensor resumed = checkpoints[1];
  if (resumed.scalar_type() != torch::kFloat) resumed = resumed.to(torch::kFloat);
  auto h_tail = run(w, seq, resumed, 2 * every, steps, nullptr, every);

  std::cout << "replay drift " << (h_full - h_tail).abs().max().item<float>() << "\n";
  return 0;
}
