// scenario: activations dumped in float16 by a loader helper are layer-normalised by another helper on the CPU
// tier: 3
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: "LayerNormKernelImpl" not implemented for 'Half'
#include <torch/torch.h>
#include <iostream>

// Stands in for reading an fp16 activation dump produced on a GPU box.
torch::Tensor load_activation_dump(int64_t tokens, int64_t hidden) {
  return torch::randn({tokens, hidden}).to(torch::kHalf);
}

torch::Tensor normalize_tokens(const torch::Tensor &x, const torch::Tensor &gamma,
                               const torch::Tensor &beta) {
  return torch::layer_norm(x, {x.size(-1)}, gamma, beta); // BUG
}

int main() {
  torch::manual_seed(0);
  const int64_t hidden = 32;
  auto acts = load_activation_dump(10, hidden);
  auto gamma = torch::ones({hidden}, torch::kHalf);
  auto beta = torch::zeros({hidden}, torch::kHalf);
  auto normed = normalize_tokens(acts, gamma, beta);
  std::cout << normed.to(torch::kFloat).std(1) << "\n";
  return 0;
}
