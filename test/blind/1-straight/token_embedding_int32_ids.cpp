// scenario: tokenizer hands out int32 ids; the lookup table uses embedding and index_select, which accept Int
// tier: 1
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <cstdint>
#include <iostream>
#include <vector>

int main() {
  torch::manual_seed(3);
  const int64_t vocab_size = 32;
  const int64_t dim = 8;

  // A tokenizer written for an int32 runtime: ids and an attention length.
  std::vector<int32_t> ids = {1, 5, 9, 12, 0, 0, 3, 7, 7, 31, 2, 0};
  torch::Tensor input_ids =
      torch::tensor(ids, torch::dtype(torch::kInt32)).view({2, 6});
  torch::Tensor pad_id = torch::zeros({}, torch::kInt32);

  torch::Tensor table = torch::randn({vocab_size, dim});
  torch::Tensor positions = torch::randn({6, dim});

  // Both embedding and index_select accept int32 as well as int64 indices.
  torch::Tensor tok = torch::embedding(table, input_ids, /*padding_idx=*/0);
  torch::Tensor pos_ids = torch::arange(6, torch::kInt32);
  torch::Tensor pos = positions.index_select(0, pos_ids);
  torch::Tensor hidden = tok + pos.unsqueeze(0);

  // Mean-pool the non-padding tokens.
  torch::Tensor keep = input_ids.ne(pad_id);
  torch::Tensor keep_f = keep.to(hidden.scalar_type()).unsqueeze(-1);
  torch::Tensor pooled = (hidden * keep_f).sum(1) / keep_f.sum(1).clamp_min(1.0);

  // Row lookup for the first token of each sequence, again with int32 ids.
  torch::Tensor first = table.index_select(0, input_ids.select(1, 0));
  torch::Tensor sim = (pooled * first).sum(-1);

  std::cout << "pooled: " << pooled.sizes() << "\n";
  std::cout << "similarity to first token: " << sim << "\n";
  return 0;
}
