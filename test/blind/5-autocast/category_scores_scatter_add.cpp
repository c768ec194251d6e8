// scenario: user-item affinities under bfloat16 autocast summed into float32 per-category scores
// tier: 5
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: scatter(): Expected self.dtype to be equal to src.dtype
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

struct AutocastCPU {
  AutocastCPU() {
    at::autocast::set_autocast_cpu_dtype(at::kBFloat16);
    at::autocast::set_cpu_enabled(true);
  }
  ~AutocastCPU() {
    at::autocast::set_cpu_enabled(false);
    at::autocast::clear_cache();
  }
};

int main() {
  const int64_t users = 4, items = 60, categories = 6, dim = 32;
  auto user_emb = torch::randn({users, dim});
  auto item_emb = torch::randn({items, dim});
  auto item_category = torch::randint(0, categories, {items});

  auto category_scores = torch::zeros({users, categories});
  {
    AutocastCPU autocast;
    auto affinity = torch::matmul(user_emb, item_emb.t());
    auto index = item_category.unsqueeze(0).expand({users, items});
    category_scores.scatter_add_(1, index, affinity); // BUG
  }

  auto sizes = torch::bincount(item_category, {}, categories).clamp_min(1);
  auto mean_scores = category_scores / sizes;
  std::cout << "favourite category " << mean_scores.argmax(1) << "\n";
  return 0;
}
