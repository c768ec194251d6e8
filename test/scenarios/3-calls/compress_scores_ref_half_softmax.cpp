// scenario: a memory-saving helper converts the caller's attention scores to float16 through a reference; the softmax helper then runs on the CPU
// tier: 3
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: "softmax_lastdim_kernel_impl" not implemented for 'Half'
#include <torch/torch.h>
#include <cmath>
#include <iostream>

// Halves the memory of large intermediate tensors kept for visualisation.
void compress_(torch::Tensor &t) { t = t.to(torch::kHalf); }

torch::Tensor attention_probs(const torch::Tensor &scores) {
  return torch::softmax(scores, -1); // BUG
}

int main() {
  torch::manual_seed(0);
  auto q = torch::randn({4, 6, 8});
  auto k = torch::randn({4, 6, 8});
  auto scores = torch::bmm(q, k.transpose(1, 2)) / std::sqrt(8.0);
  const bool keep_for_visualisation = true;
  if (keep_for_visualisation)
    compress_(scores);
  auto probs = attention_probs(scores);
  std::cout << probs.sum(-1) << "\n";
  return 0;
}
