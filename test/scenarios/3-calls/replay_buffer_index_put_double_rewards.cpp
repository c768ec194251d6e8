// scenario: a replay buffer writer index_puts new rewards into preallocated float32 storage; the env helper returns float64 rewards (an explicit kDouble tensor)
// tier: 3
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Index put requires the source and destination dtypes match
#include <torch/torch.h>
#include <iostream>
#include <vector>

// The toy environment reports rewards as C++ doubles.
torch::Tensor env_rewards(int64_t n) {
  std::vector<double> r;
  for (int64_t i = 0; i < n; ++i)
    r.push_back(i % 3 == 0 ? 1.0 : -0.1);
  return torch::tensor(r, torch::dtype(torch::kDouble));
}

// Stores `values` at ring-buffer slots `slots` of `storage`.
void store(torch::Tensor &storage, const torch::Tensor &slots, const torch::Tensor &values) {
  storage.index_put_({slots}, values); // BUG
}

int main() {
  torch::manual_seed(0);
  const int64_t capacity = 32;
  auto rewards = torch::zeros({capacity});
  int64_t head = 0;
  for (int step = 0; step < 2; ++step) {
    auto r = env_rewards(8);
    auto slots = torch::arange(head, head + 8) % capacity;
    store(rewards, slots, r);
    head = (head + 8) % capacity;
  }
  std::cout << rewards.sum() << "\n";
  return 0;
}
