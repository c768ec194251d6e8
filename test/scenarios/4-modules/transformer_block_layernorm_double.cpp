// scenario: a pre-norm transformer block's LayerNorm receives token states a residual helper promoted to float64
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Double but found Float
#include <torch/torch.h>
#include <iostream>

struct BlockImpl : torch::nn::Module {
  explicit BlockImpl(int64_t dim)
      : norm(register_module("norm", torch::nn::LayerNorm(torch::nn::LayerNormOptions({dim})))),
        ff(register_module("ff", torch::nn::Linear(dim, dim))) {}

  torch::Tensor forward(const torch::Tensor &x) {
    auto h = norm(x); // BUG
    return x + ff(h);
  }

  torch::nn::LayerNorm norm;
  torch::nn::Linear ff;
};
TORCH_MODULE(Block);

// Adds scaled positional information; the scale table was produced in double.
torch::Tensor add_positions(const torch::Tensor &tokens) {
  auto pos = torch::linspace(0.0, 1.0, tokens.size(0), torch::kDouble).unsqueeze(1);
  return tokens + pos;
}

int main() {
  torch::manual_seed(0);
  Block block(12);
  auto tokens = torch::randn({7, 12});
  auto out = block->forward(add_positions(tokens));
  std::cout << out.mean() << "\n";
  return 0;
}
