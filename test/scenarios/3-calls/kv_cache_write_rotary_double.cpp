// scenario: a KV-cache writer index_copies new keys into the cache; the keys come from a rotary helper that computes in float64
// tier: 3
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: index_copy_(): self and source expected to have the same dtype, but got (self) Float and (source) Double
#include <torch/torch.h>
#include <iostream>

// Rotary position embedding on the last dimension; angles in double for precision.
torch::Tensor apply_rotary(const torch::Tensor &x, const torch::Tensor &positions) {
  auto half = x.size(-1) / 2;
  auto inv_freq = torch::pow(10000.0, -torch::arange(half, torch::kDouble) / half);
  auto angles = positions.to(torch::kDouble).unsqueeze(-1) * inv_freq;
  auto x1 = x.slice(-1, 0, half), x2 = x.slice(-1, half);
  auto c = torch::cos(angles), s = torch::sin(angles);
  return torch::cat({x1 * c - x2 * s, x1 * s + x2 * c}, -1);
}

// Writes `keys` into rows `positions` of the cache the caller owns.
void write_cache(torch::Tensor &cache, const torch::Tensor &positions, const torch::Tensor &keys) {
  cache.index_copy_(0, positions, keys); // BUG
}

int main() {
  torch::manual_seed(0);
  const int64_t max_len = 16, head_dim = 8;
  auto cache = torch::zeros({max_len, head_dim});
  auto positions = torch::arange(0, 4);
  auto keys = apply_rotary(torch::randn({4, head_dim}), positions);
  write_cache(cache, positions, keys);
  std::cout << cache.slice(0, 0, 4) << "\n";
  return 0;
}
