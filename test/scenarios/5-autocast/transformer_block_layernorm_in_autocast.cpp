// scenario: a NormFormer-style feed-forward block applies LayerNorm to its up-projection's activations while the whole forward runs under CPU autocast
// tier: 5
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type BFloat16 but found Float
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

struct FeedForwardBlockImpl : torch::nn::Module {
  FeedForwardBlockImpl(int64_t dim, int64_t hidden)
      : up(register_module("up", torch::nn::Linear(dim, hidden))),
        down(register_module("down", torch::nn::Linear(hidden, dim))),
        norm(register_module("norm", torch::nn::LayerNorm(torch::nn::LayerNormOptions({hidden})))) {}

  torch::Tensor forward(const torch::Tensor &x) {
    auto h = torch::gelu(up(x));
    h = norm(h); // BUG
    return x + down(h);
  }

  torch::nn::Linear up, down;
  torch::nn::LayerNorm norm;
};
TORCH_MODULE(FeedForwardBlock);

int main() {
  torch::manual_seed(0);
  FeedForwardBlock block(32, 128);
  block->eval();
  torch::NoGradGuard no_grad;

  auto tokens = torch::randn({4, 10, 32});
  at::autocast::set_cpu_enabled(true);
  auto out = block(tokens);
  at::autocast::set_cpu_enabled(false);
  std::cout << "block output " << out.sizes() << " mean " << out.mean().item<float>() << "\n";
  return 0;
}
