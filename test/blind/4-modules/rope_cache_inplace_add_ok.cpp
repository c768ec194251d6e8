// scenario: a decoder block adds a float64 cached positional table to its float32 activations in place
// tier: 4
// family: inplace-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <cmath>
#include <iostream>

struct DecoderBlockImpl : torch::nn::Module {
  DecoderBlockImpl(int64_t dim, int64_t max_len)
      : norm(register_module("norm", torch::nn::LayerNorm(torch::nn::LayerNormOptions({dim})))),
        mlp(register_module("mlp", torch::nn::Linear(dim, dim))) {
    auto pos = torch::arange(max_len, torch::kFloat64).unsqueeze(1);
    auto freq = torch::pow(10000.0, -torch::arange(0, dim, torch::kFloat64) / static_cast<double>(dim));
    pos_cache_ = register_buffer("pos_cache", torch::sin(pos * freq)); // [max_len, dim], float64
    gain_ = torch::full({dim}, 0.5, torch::kFloat64);
  }

  torch::Tensor forward(torch::Tensor x) {
    const int64_t len = x.size(1);
    x.add_(pos_cache_.slice(0, 0, len)); // float32 += float64: result cast back to float32
    auto h = mlp(norm(x));
    h.mul_(gain_);
    return x + h;
  }

  torch::nn::LayerNorm norm;
  torch::nn::Linear mlp;
  torch::Tensor pos_cache_;
  torch::Tensor gain_;
};
TORCH_MODULE(DecoderBlock);

int main() {
  torch::manual_seed(8);
  DecoderBlock block(16, 64);
  block->eval();
  torch::NoGradGuard no_grad;
  auto x = torch::randn({2, 10, 16});
  for (int step = 0; step < 2; ++step)
    x = block->forward(x);
  std::cout << "decoded " << x.sizes() << " " << x.dtype() << "\n";
  return 0;
}
