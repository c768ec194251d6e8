// scenario: streams click batches and keeps per-item counts and last-seen timestamps with int32 ids
// tier: 2
// family: inplace-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

int main() {
  const int64_t num_items = 100;
  const int num_batches = 6;

  auto counts = torch::zeros({num_items}, torch::kLong);
  auto last_seen = torch::full({num_items}, -1, torch::kLong);
  auto blocked = torch::zeros({num_items}, torch::kBool);
  blocked.slice(0, 90, 100).fill_(true);

  int64_t clock = 0;
  for (int b = 0; b < num_batches; ++b) {
    auto raw_keys = torch::randint(0, int64_t(1) << 40, {64});
    auto mixed = torch::bitwise_xor(raw_keys, torch::bitwise_right_shift(raw_keys, 17));
    auto ids = torch::remainder(mixed, num_items).to(torch::kInt32);
    auto keep = blocked.index_select(0, ids).logical_not();
    if (keep.sum().item<int64_t>() == 0)
      continue;
    ids = ids.masked_select(keep);

    counts.index_add_(0, ids, torch::ones({ids.size(0)}, torch::kLong));

    auto stamps = torch::arange(clock, clock + ids.size(0), torch::kLong);
    last_seen.scatter_reduce_(0, ids.to(torch::kLong), stamps, "amax");
    clock += ids.size(0);
  }

  auto seen = last_seen.ge(0);
  auto hot = counts.masked_fill(~seen, 0).argsort(0, /*descending=*/true).slice(0, 0, 5);
  std::cout << "hot items " << hot << "\nclock " << clock << "\n";
  return 0;
}
