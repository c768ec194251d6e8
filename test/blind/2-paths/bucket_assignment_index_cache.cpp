// scenario: bucketizes dense ranking features into learned boundaries, writing bucket ids into a preallocated cache
// tier: 2
// family: out-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: torch.searchsorted(): output tensor's dtype is wrong
#include <torch/torch.h>
#include <cstdint>
#include <iostream>
#include <map>
#include <string>
#include <vector>

int main() {
  torch::manual_seed(9);
  const int64_t num_rows = 256;
  const std::vector<std::string> feature_names = {"dwell_time", "price", "age_days"};

  // Boundaries learned offline per feature (sorted, float32).
  std::map<std::string, torch::Tensor> boundaries;
  boundaries["dwell_time"] = torch::linspace(0.0, 120.0, 16);
  boundaries["price"] = torch::logspace(0.0, 3.0, 32);
  boundaries["age_days"] = torch::tensor({1.0f, 7.0f, 30.0f, 90.0f, 365.0f});

  std::map<std::string, torch::Tensor> raw;
  raw["dwell_time"] = torch::rand({num_rows}) * 150.0;
  raw["price"] = torch::exp(torch::randn({num_rows}) * 1.5 + 3.0);
  raw["age_days"] = torch::randint(0, 800, {num_rows}).to(torch::kFloat);

  int64_t max_buckets = 0;
  for (auto &kv : boundaries)
    max_buckets = std::max<int64_t>(max_buckets, kv.second.numel() + 1);

  // Bucket ids are small, so a compact cache halves its memory.
  const bool compact = max_buckets < (1 << 15);
  torch::Tensor cache = torch::empty({static_cast<int64_t>(feature_names.size()), num_rows},
                                     compact ? torch::kInt : torch::kLong);

  for (size_t f = 0; f < feature_names.size(); ++f) {
    const std::string &name = feature_names[f];
    torch::Tensor row = cache[static_cast<int64_t>(f)];
    torch::bucketize_out(row, raw[name], boundaries[name]); // BUG
  }

  // Bucket occupancy per feature, used to spot dead buckets.
  for (size_t f = 0; f < feature_names.size(); ++f) {
    torch::Tensor ids = cache[static_cast<int64_t>(f)].to(torch::kLong);
    torch::Tensor occupancy = torch::bincount(ids, {}, max_buckets);
    int64_t dead = (occupancy == 0).sum().item<int64_t>();
    std::cout << feature_names[f] << ": dead buckets " << dead << "\n";
  }
  return 0;
}
