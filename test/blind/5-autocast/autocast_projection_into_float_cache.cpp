// scenario: a key/value cache filled under CPU autocast writes bfloat16 projections into float32 slots with index_put_
// tier: 5
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Index put requires the source and destination dtypes match, got Float for the destination and BFloat16 for the source
#include <ATen/autocast_mode.h>
#include <torch/torch.h>

#include <iostream>
#include <vector>

namespace {

// Scoped CPU autocast, the C++ counterpart of torch.autocast("cpu").
class CpuAutocast {
public:
  CpuAutocast() : prev_(at::autocast::is_cpu_enabled()) {
    at::autocast::set_cpu_enabled(true);
    at::autocast::increment_nesting();
  }
  ~CpuAutocast() {
    if (at::autocast::decrement_nesting() == 0)
      at::autocast::clear_cache();
    at::autocast::set_cpu_enabled(prev_);
  }

private:
  bool prev_;
};

struct KVCache {
  torch::Tensor keys, values; // [slots, dim], float32
  KVCache(int64_t slots, int64_t dim)
      : keys(torch::zeros({slots, dim})), values(torch::zeros({slots, dim})) {}

  void write(const torch::Tensor &slots, const torch::Tensor &k, const torch::Tensor &v) {
    keys.index_put_({slots}, k); // BUG
    values.index_put_({slots}, v);
  }
};

} // namespace

int main() {
  torch::manual_seed(13);
  const int64_t dim = 32, slots = 16;
  torch::nn::Linear wk(dim, dim), wv(dim, dim);
  KVCache cache(slots, dim);

  std::vector<int64_t> next = {0, 1, 2, 3};
  torch::Tensor tokens = torch::randn({4, dim});
  {
    torch::NoGradGuard no_grad;
    CpuAutocast autocast;
    torch::Tensor k = wk(tokens);
    torch::Tensor v = wv(tokens);
    cache.write(torch::tensor(next, torch::kLong), k, v);
  }
  std::cout << "cache filled, key norm " << cache.keys.norm().item<float>() << "\n";
  return 0;
}
