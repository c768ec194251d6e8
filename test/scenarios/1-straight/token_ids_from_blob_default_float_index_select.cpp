// scenario: a tokenizer returns int64 ids in a std::vector; the lookup wraps them with from_blob without a dtype, so the index is read as float32
// tier: 1
// family: from-blob-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: index_select(): Expected dtype int32 or int64 for index
#include <torch/torch.h>
#include <cstdint>
#include <iostream>
#include <vector>

int main() {
  torch::manual_seed(0);
  const int64_t vocab = 100, dim = 8;
  auto embedding_table = torch::randn({vocab, dim});
  std::vector<int64_t> token_ids = {12, 7, 99, 3, 3, 41};
  const int64_t n = static_cast<int64_t>(token_ids.size());
  auto rows = embedding_table.index_select(0, torch::from_blob(token_ids.data(), {n})); // BUG
  auto sentence = rows.mean(0);
  std::cout << "sentence embedding " << sentence << "\n";
  return 0;
}
