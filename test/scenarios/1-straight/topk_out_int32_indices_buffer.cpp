// scenario: a recommender writes the top-k items into preallocated buffers and declares the index buffer as int32 to match its C API
// tier: 1
// family: out-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Expected out tensor to have dtype long int, but got int instead
#include <torch/torch.h>
#include <iostream>

int main() {
  torch::manual_seed(0);
  const int64_t users = 4, items = 500, k = 10;
  auto scores = torch::mm(torch::randn({users, 32}), torch::randn({32, items}));
  auto top_scores = torch::empty({users, k});
  auto top_items = torch::empty({users, k}, torch::kInt);
  at::topk_out(top_scores, top_items, scores, k, 1); // BUG
  const int32_t *ids = top_items.data_ptr<int32_t>();
  std::cout << "user 0 top item " << ids[0] << " score " << top_scores[0][0].item<float>() << "\n";
  return 0;
}
