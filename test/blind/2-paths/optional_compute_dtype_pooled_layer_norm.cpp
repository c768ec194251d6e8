// scenario: a sentence encoder reads an optional compute dtype from the request and falls back to float16 when the caller leaves it unset, then layer-normalises on the CPU
// tier: 2
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: "LayerNormKernelImpl" not implemented for 'Half'
#include <torch/torch.h>
#include <iostream>
#include <vector>

struct EncodeRequest {
  torch::Tensor token_ids;                     // [batch, seq], int64
  c10::optional<at::ScalarType> compute_dtype; // caller's preference, if any
  bool normalize = true;
};

class PooledEncoder {
 public:
  PooledEncoder(int64_t vocab, int64_t dim)
      : table_(torch::randn({vocab, dim})), dim_(dim) {}

  torch::Tensor encode(const EncodeRequest& req) const {
    // Serving default: the table is streamed in fp16 to halve its footprint.
    const at::ScalarType dtype = req.compute_dtype.value_or(at::kHalf);
    torch::Tensor table = table_.to(dtype);
    torch::Tensor tokens = torch::embedding(table, req.token_ids); // [b, s, d]
    torch::Tensor pooled = tokens.sum(1) / static_cast<double>(req.token_ids.size(1));
    if (!req.normalize) {
      return pooled.to(torch::kFloat);
    }
    pooled = torch::layer_norm(pooled, {dim_}); // BUG
    return pooled.to(torch::kFloat);
  }

 private:
  torch::Tensor table_;
  int64_t dim_;
};

int main() {
  torch::manual_seed(7);
  PooledEncoder encoder(/*vocab=*/50, /*dim=*/16);

  EncodeRequest offline;
  offline.token_ids = torch::randint(0, 50, {2, 6}, torch::kLong);
  offline.compute_dtype = at::kFloat; // batch jobs ask for full precision
  torch::Tensor a = encoder.encode(offline);
  std::cout << "offline embedding norm " << a.norm().item<float>() << "\n";

  EncodeRequest online;
  online.token_ids = torch::randint(0, 50, {3, 4}, torch::kLong);
  // online requests never set compute_dtype
  torch::Tensor b = encoder.encode(online);
  std::cout << "online embedding " << b.sizes() << "\n";
  return 0;
}
