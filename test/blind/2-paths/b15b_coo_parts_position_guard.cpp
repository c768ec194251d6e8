// scenario: assembles a block-diagonal sparse matrix from COO parts stored as {rows, cols, values}; a loop shifts the int64 index parts by position with integer add_ and scales only the last (float) part, then index_put_ accumulates the float values
// tier: 2
// family: inplace-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <cstdint>
#include <iostream>
#include <vector>

int main() {
  torch::manual_seed(2);
  const int64_t block = 4, blocks = 3, nnz = 6;
  const int64_t size = block * blocks;
  auto dense = torch::zeros({size, size});

  for (int64_t b = 0; b < blocks; ++b) {
    std::vector<torch::Tensor> coo{
        torch::randint(0, block, {nnz}, torch::kLong),
        torch::randint(0, block, {nnz}, torch::kLong),
        torch::rand({nnz})};
    const int64_t offset = b * block;
    const double scale = 1.0 / (b + 1);
    for (size_t i = 0; i < coo.size(); ++i) {
      if (i + 1 < coo.size())
        coo[i].add_(offset);
      else
        coo[i].mul_(scale);
    }
    // Parts of another length would be a malformed block: only index the
    // ones whose sizes agree.
    bool sizes_agree = true;
    for (const auto &part : coo)
      sizes_agree = sizes_agree && part.numel() == nnz;
    if (!sizes_agree)
      continue;
    dense.index_put_({coo[0], coo[1]}, coo[2], /*accumulate=*/true);
  }

  // Off-diagonal blocks must stay empty.
  auto block_id = torch::arange(size, torch::kLong).floor_divide(block);
  auto same_block = block_id.unsqueeze(1).eq(block_id.unsqueeze(0));
  auto leaked = dense.masked_select(same_block.logical_not()).abs().sum();

  std::cout << "total mass " << dense.sum().item<float>() << " leaked "
            << leaked.item<float>() << "\n";
  return leaked.item<float>() == 0.0f ? 0 : 1;
}
