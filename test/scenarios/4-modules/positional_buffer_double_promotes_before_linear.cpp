// scenario: a module adds a float64 positional-encoding buffer to its float32 input (silently promoting it) and then applies its Linear layer
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Double but found Float
#include <torch/torch.h>
#include <cmath>
#include <iostream>

struct PositionalProjectionImpl : torch::nn::Module {
  PositionalProjectionImpl(int64_t max_len, int64_t dim) {
    auto pos = torch::arange(max_len, torch::kDouble).unsqueeze(1);
    auto div = torch::exp(torch::arange(0, dim, 2, torch::kDouble) * (-std::log(10000.0) / dim));
    auto pe_table = torch::zeros({max_len, dim}, torch::kDouble);
    pe_table.slice(1, 0, dim, 2).copy_(torch::sin(pos * div));
    pe_table.slice(1, 1, dim, 2).copy_(torch::cos(pos * div));
    pe = register_buffer("pe", pe_table);
    proj = register_module("proj", torch::nn::Linear(dim, dim));
  }

  torch::Tensor forward(const torch::Tensor &tokens) {
    auto x = tokens + pe.slice(0, 0, tokens.size(1));
    return proj(x); // BUG
  }

  torch::Tensor pe;
  torch::nn::Linear proj{nullptr};
};
TORCH_MODULE(PositionalProjection);

int main() {
  torch::manual_seed(0);
  PositionalProjection layer(32, 8);
  auto tokens = torch::randn({2, 10, 8});
  std::cout << layer->forward(tokens).sizes() << "\n";
  return 0;
}
