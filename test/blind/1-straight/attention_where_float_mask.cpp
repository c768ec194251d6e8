// scenario: self-attention masks padded keys with torch::where, but the padding mask is built as 0/1 floats
// tier: 1
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: where expected condition to be a boolean tensor, but got a tensor with dtype Float
#include <torch/torch.h>
#include <cmath>
#include <iostream>
#include <limits>
#include <vector>

int main() {
  torch::manual_seed(11);
  const int64_t batch = 2, seq = 5, dim = 4;

  torch::Tensor q = torch::randn({batch, seq, dim});
  torch::Tensor k = torch::randn({batch, seq, dim});
  torch::Tensor v = torch::randn({batch, seq, dim});

  // Valid lengths per sequence, as the collate function returns them.
  torch::Tensor lengths = torch::tensor({5, 3});
  torch::Tensor steps = torch::arange(seq).unsqueeze(0);
  // 1.0 where the key is real, 0.0 where it is padding; the same tensor is
  // multiplied into the pooled output below, so it is kept as float.
  torch::Tensor key_valid = (steps < lengths.unsqueeze(1)).to(torch::kFloat);

  torch::Tensor scores = torch::bmm(q, k.transpose(1, 2)) / std::sqrt(double(dim));
  torch::Tensor neg_inf =
      torch::full_like(scores, -std::numeric_limits<float>::infinity());
  torch::Tensor mask3 = key_valid.unsqueeze(1).expand_as(scores);
  torch::Tensor masked = torch::where(mask3, scores, neg_inf); // BUG

  torch::Tensor attn = torch::softmax(masked, -1);
  torch::Tensor context = torch::bmm(attn, v);
  torch::Tensor pooled = (context * key_valid.unsqueeze(-1)).sum(1) /
                         key_valid.sum(1, /*keepdim=*/true);

  std::cout << "attention rows sum to " << attn.sum(-1) << "\n";
  std::cout << "pooled context:\n" << pooled << "\n";
  return 0;
}
