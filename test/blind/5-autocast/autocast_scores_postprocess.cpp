// scenario: bfloat16 autocast scoring whose results are masked, clamped and merged with float32 priors
// tier: 5
// family: autocast-unsafe-op
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

int main() {
  const int64_t users = 4, items = 50, dim = 16;
  auto user_emb = torch::randn({users, dim});
  auto item_emb = torch::randn({items, dim});
  auto prior = torch::rand({items}) * 0.1;
  auto already_seen = torch::rand({users, items}) < 0.2;
  auto floor_score = torch::full({items}, -5.0f);
  auto ceil_score = torch::full({items}, 5.0f);

  at::autocast::set_autocast_cpu_dtype(at::kBFloat16);
  at::autocast::set_cpu_enabled(true);

  auto raw = torch::mm(user_emb, item_emb.t());
  auto bounded = torch::clamp(raw, floor_score, ceil_score);
  auto masked = torch::where(already_seen, torch::full({}, -1e4f), bounded);
  auto blended = masked + prior;
  auto ranked = torch::topk(blended, 5, 1);

  auto exposure = torch::zeros({items});
  exposure.index_add_(0, std::get<1>(ranked).flatten(), std::get<0>(ranked).flatten().to(torch::kFloat));
  auto summary = torch::cat({blended.mean(0, true), exposure.unsqueeze(0)});

  at::autocast::set_cpu_enabled(false);
  at::autocast::clear_cache();

  std::cout << summary.sizes() << " " << summary.dtype() << "\n";
  return 0;
}
