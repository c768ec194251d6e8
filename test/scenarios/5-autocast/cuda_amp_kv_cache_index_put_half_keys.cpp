// scenario: a GPU decoder writes key projections computed under CUDA autocast (float16) into its float32 KV cache with index_put_ at the current positions
// tier: 5
// family: inplace-dtype
// expect: bug
// verified: source
// source: aten/src/ATen/native/TensorAdvancedIndexing.cpp (1.13.1): make_index_put_iterator, reached from _index_put_impl_ (accumulate=false, shared by CPU and CUDA), checks value.scalar_type() == info.src.scalar_type(); index_put_ has no autocast kernel, so the float16 value reaches it unchanged
// raises: Index put requires the source and destination dtypes match, got Float for the destination and Half for the source.
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

class KeyCache {
 public:
  KeyCache(int64_t max_len, int64_t dim, torch::Device dev)
      : keys_(torch::zeros({max_len, dim}, torch::TensorOptions().device(dev))) {}
  void write(const torch::Tensor &positions, const torch::Tensor &k) {
    keys_.index_put_({positions}, k); // BUG
  }
  torch::Tensor prefix(int64_t n) const { return keys_.narrow(0, 0, n); }

 private:
  torch::Tensor keys_;
};

int main() {
  torch::manual_seed(0);
  torch::Device gpu(torch::kCUDA);
  torch::NoGradGuard no_grad;
  torch::nn::Linear k_proj(64, 64);
  k_proj->to(gpu);
  KeyCache cache(512, 64, gpu);

  auto prompt = torch::randn({16, 64}, gpu);
  auto positions = torch::arange(16, torch::TensorOptions().dtype(torch::kLong).device(gpu));
  at::autocast::set_enabled(true);
  auto k = k_proj(prompt);
  cache.write(positions, k);
  at::autocast::set_enabled(false);
  std::cout << "cached keys " << cache.prefix(16).sizes() << "\n";
  return 0;
}
