// scenario: attention-weighted bag of recent items: weights from a bfloat16 autocast matmul feed EmbeddingBag
// tier: 5
// family: autocast-unsafe-op
// expect: bug
// verified: cpu-1.13.1
// raises: to have the same type as tensor for argument #1 'per_sample_weights'
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

int main() {
  const int64_t num_items = 100, dim = 16, batch = 3, history = 5;

  torch::nn::EmbeddingBag bag(torch::nn::EmbeddingBagOptions(num_items, dim).mode(torch::kSum));
  torch::nn::Linear query_proj(dim, dim);

  auto history_ids = torch::randint(0, num_items, {batch * history});
  auto offsets = torch::arange(0, batch * history, history);
  auto user_state = torch::randn({batch, dim});

  at::autocast::set_autocast_cpu_dtype(at::kBFloat16);
  at::autocast::set_cpu_enabled(true);

  auto item_vecs = bag->weight.index_select(0, history_ids).view({batch, history, dim});
  auto query = query_proj->forward(user_state).unsqueeze(2);
  auto logits = torch::bmm(item_vecs, query).squeeze(2) / std::sqrt(static_cast<double>(dim));
  auto attn = torch::softmax(logits, 1).flatten();

  auto pooled = bag->forward(history_ids, offsets, attn); // BUG

  at::autocast::set_cpu_enabled(false);
  at::autocast::clear_cache();
  std::cout << pooled.sizes() << "\n";
  return 0;
}
