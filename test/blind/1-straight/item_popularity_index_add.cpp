// scenario: accumulates dwell-time weighted item popularity on top of raw impression counts
// tier: 1
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: index_add_(): self (Long) and source (Float) must have the same scalar type
#include <torch/torch.h>
#include <iostream>

int main() {
  torch::manual_seed(7);
  const int64_t num_items = 50;
  const int64_t num_events = 256;

  auto item_ids = torch::randint(0, num_items, {num_events});
  auto dwell_seconds = torch::rand({num_events}) * 120.0;

  auto impressions = torch::bincount(item_ids, /*weights=*/{}, num_items);
  auto engagement = torch::log1p(dwell_seconds);

  auto popularity = impressions.clone();
  popularity.index_add_(0, item_ids, engagement); // BUG

  auto top = torch::topk(popularity, 10);
  std::cout << "most popular: " << std::get<1>(top) << "\n";
  return 0;
}
