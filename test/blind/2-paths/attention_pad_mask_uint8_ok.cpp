// scenario: masks padded key positions in self-attention with a legacy uint8 padding mask, per head in a loop
// tier: 2
// family: inplace-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <cmath>
#include <cstdint>
#include <iostream>
#include <vector>

int main() {
  torch::manual_seed(12);
  const int64_t batch = 2, seq = 6, heads = 2, head_dim = 8;
  const int64_t pad_id = 0;
  std::vector<int64_t> flat_ids = {5, 9, 3, 0, 0, 0, 7, 2, 8, 4, 1, 0};
  auto ids = torch::tensor(flat_ids).view({batch, seq});

  // legacy exporter contract: padding mask is uint8, 1 where the key is padding
  auto pad_mask = (ids == pad_id).to(torch::kUInt8).view({batch, 1, seq});
  const bool causal = false;

  auto q = torch::randn({batch, heads, seq, head_dim});
  auto k = torch::randn({batch, heads, seq, head_dim});
  auto v = torch::randn({batch, heads, seq, head_dim});

  std::vector<torch::Tensor> outputs;
  for (int64_t h = 0; h < heads; ++h) {
    auto qh = q.select(1, h), kh = k.select(1, h), vh = v.select(1, h);
    auto scores = torch::bmm(qh, kh.transpose(1, 2)) / std::sqrt(static_cast<double>(head_dim));
    scores.masked_fill_(pad_mask, -1e4);
    if (causal) {
      auto future = torch::ones({seq, seq}, torch::kBool).triu(1);
      scores.masked_fill_(future, -1e4);
    }
    auto attn = torch::softmax(scores, -1);
    outputs.push_back(torch::bmm(attn, vh));
  }
  auto out = torch::stack(outputs, 1);
  std::cout << "attention output " << out.sizes() << " " << out.dtype() << "\n";
  return 0;
}
