// scenario: a self-attention pooler passes a bool key padding mask (and an int64 length tensor) alongside float32 tokens to MultiheadAttention
// tier: 4
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

struct AttentionPoolerImpl : torch::nn::Module {
  AttentionPoolerImpl(int64_t dim, int64_t heads)
      : attn(register_module("attn", torch::nn::MultiheadAttention(torch::nn::MultiheadAttentionOptions(dim, heads)))) {}

  // tokens: (seq, batch, dim); lengths: int64 (batch)
  torch::Tensor forward(const torch::Tensor &tokens, const torch::Tensor &lengths) {
    auto positions = torch::arange(tokens.size(0)).unsqueeze(0);
    auto padding = positions >= lengths.unsqueeze(1);  // (batch, seq) bool
    auto out = std::get<0>(attn(tokens, tokens, tokens, padding));
    auto keep = (~padding).t().unsqueeze(-1);           // (seq, batch, 1) bool
    return (out * keep).sum(0) / lengths.unsqueeze(1);
  }

  torch::nn::MultiheadAttention attn;
};
TORCH_MODULE(AttentionPooler);

int main() {
  torch::manual_seed(0);
  AttentionPooler pooler(8, 2);
  auto tokens = torch::randn({5, 3, 8});
  auto lengths = torch::tensor({5, 2, 4});
  auto pooled = pooler->forward(tokens, lengths);
  std::cout << pooled.dtype() << " " << pooled.sizes() << "\n";
  return 0;
}
