// scenario: a transformer block's activations were dumped in float16 and are re-normalized with layer_norm on the CPU for inspection
// tier: 1
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: "LayerNormKernelImpl" not implemented for 'Half'
#include <torch/torch.h>
#include <iostream>

int main() {
  torch::manual_seed(0);
  const int64_t seq = 10, hidden = 32;
  auto activations = (torch::randn({seq, hidden}) * 4 + 1).to(torch::kHalf);
  auto gamma = torch::ones({hidden}, torch::kHalf);
  auto beta = torch::zeros({hidden}, torch::kHalf);
  std::cout << "raw activation range " << activations.max().item<float>() - activations.min().item<float>() << "\n";
  auto normed = torch::layer_norm(activations, {hidden}, gamma, beta, 1e-5); // BUG
  std::cout << "per-token std after layer_norm " << normed.to(torch::kFloat).std(1) << "\n";
  return 0;
}
