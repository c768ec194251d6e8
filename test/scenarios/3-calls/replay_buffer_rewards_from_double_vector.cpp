// scenario: a replay buffer writer index_puts rewards built from a std::vector<double>; torch::tensor gives them the default float32 dtype, matching the storage
// tier: 3
// family: inplace-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <vector>

// The toy environment reports rewards as C++ doubles; torch::tensor uses the default dtype.
torch::Tensor env_rewards(int64_t n) {
  std::vector<double> r;
  for (int64_t i = 0; i < n; ++i)
    r.push_back(i % 3 == 0 ? 1.0 : -0.1);
  return torch::tensor(r);
}

// Stores `values` at ring-buffer slots `slots` of `storage`.
void store(torch::Tensor &storage, const torch::Tensor &slots, const torch::Tensor &values) {
  storage.index_put_({slots}, values);
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
