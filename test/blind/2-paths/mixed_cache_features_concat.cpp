// scenario: ranking features are partly served from a float16 feature cache and partly recomputed in float32; concatenation promotes them before the scoring matmul
// tier: 2
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <type_traits>
#include <unordered_map>
#include <vector>

template <typename T> torch::Tensor column_from(const std::vector<T> &values) {
  if constexpr (std::is_integral_v<T>)
    return torch::tensor(std::vector<int64_t>(values.begin(), values.end())).to(torch::kFloat32);
  else
    return torch::tensor(std::vector<double>(values.begin(), values.end()));
}

int main() {
  torch::manual_seed(6);
  const int64_t dim = 8;
  std::vector<int64_t> item_ids = {11, 42, 7, 99, 42, 3};

  // hot items live in a half-precision cache to save memory
  std::unordered_map<int64_t, torch::Tensor> cache;
  cache[42] = torch::randn({dim}).to(torch::kHalf);
  cache[7] = torch::randn({dim}).to(torch::kHalf);

  std::vector<torch::Tensor> rows;
  int hits = 0;
  for (auto id : item_ids) {
    auto it = cache.find(id);
    if (it != cache.end()) {
      rows.push_back(it->second.unsqueeze(0));
      ++hits;
      continue;
    }
    // a miss is recomputed by the float32 tower
    rows.push_back(torch::randn({1, dim}));
  }

  // cat promotes the half rows to float32
  auto item_block = torch::cat(rows, 0);
  auto popularity = column_from(std::vector<int>{5, 90, 30, 1, 90, 12}).unsqueeze(1);
  auto features = torch::cat({item_block, popularity.log1p()}, 1);

  auto w = torch::randn({dim + 1, 1});
  auto scores = torch::mm(features, w).squeeze(1);
  auto order = scores.argsort(0, /*descending=*/true);
  std::cout << "cache hits " << hits << " dtype " << features.dtype() << " order " << order << "\n";
  return 0;
}
