// scenario: decoder step on CPU reads a KV cache stored in float16 to halve its memory and normalises attention scores computed from it
// tier: 1
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: "softmax_lastdim_kernel_impl" not implemented for 'Half'
#include <torch/torch.h>
#include <cmath>
#include <iostream>
#include <tuple>

int main() {
  torch::manual_seed(1);
  const int64_t batch = 2, heads = 4, head_dim = 16, cached = 10;

  // the cache is allocated once for the whole generation and kept in fp16
  auto cache_opts = torch::TensorOptions().dtype(torch::kFloat16);
  auto [k_cache, v_cache] = std::make_tuple(torch::zeros({batch, heads, 32, head_dim}, cache_opts),
                                            torch::zeros({batch, heads, 32, head_dim}, cache_opts));
  k_cache.narrow(2, 0, cached).copy_(torch::randn({batch, heads, cached, head_dim}));
  v_cache.narrow(2, 0, cached).copy_(torch::randn({batch, heads, cached, head_dim}));

  // the new token's projections come out of the float32 model
  auto q = torch::randn({batch, heads, 1, head_dim});
  auto k_new = torch::randn({batch, heads, 1, head_dim});
  auto v_new = torch::randn({batch, heads, 1, head_dim});
  k_cache.narrow(2, cached, 1).copy_(k_new);
  v_cache.narrow(2, cached, 1).copy_(v_new);

  auto keys = k_cache.narrow(2, 0, cached + 1);
  auto values = v_cache.narrow(2, 0, cached + 1);

  // dot products against the cache, done element-wise so nothing is copied up
  auto scale = 1.0 / std::sqrt(static_cast<double>(head_dim));
  auto scores = (q.to(keys.scalar_type()) * keys).sum(-1) * scale;
  auto probs = torch::softmax(scores, -1); // BUG
  auto context = (probs.unsqueeze(-1) * values).sum(2);

  std::cout << "context: " << context.sizes() << " " << context.dtype() << "\n";
  return 0;
}
