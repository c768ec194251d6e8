// scenario: retrieval scoring under CPU autocast mixes a bfloat16 query cache with float32 item vectors inside the region
// tier: 5
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <ATen/autocast_mode.h>
#include <torch/torch.h>
#include <iostream>
#include <map>
#include <string>

namespace {

struct AutocastRegion {
  explicit AutocastRegion(at::ScalarType dtype) {
    at::autocast::set_autocast_cpu_dtype(dtype);
    at::autocast::set_cpu_enabled(true);
    at::autocast::increment_nesting();
  }
  ~AutocastRegion() {
    if (at::autocast::decrement_nesting() == 0)
      at::autocast::clear_cache();
    at::autocast::set_cpu_enabled(false);
  }
};

} // namespace

int main() {
  torch::manual_seed(79);
  const int64_t dim = 32;

  // Query embeddings are cached in bfloat16 to fit more sessions in memory.
  std::map<std::string, torch::Tensor> query_cache;
  query_cache["session_a"] = torch::randn({dim}).to(torch::kBFloat16);
  query_cache["session_b"] = torch::randn({dim}).to(torch::kBFloat16);
  query_cache["session_c"] = torch::randn({dim}).to(torch::kBFloat16);

  auto item_vectors = torch::randn({200, dim});
  auto item_bias = torch::randn({200}) * 0.01;

  std::map<std::string, torch::Tensor> top_items;
  {
    AutocastRegion region(torch::kBFloat16);
    for (const auto& [session, query] : query_cache) {
      // mm is a lower-precision op under autocast: both sides become bfloat16.
      auto scores = torch::mm(query.unsqueeze(0), item_vectors.t()).squeeze(0);
      top_items[session] = std::get<1>((scores + item_bias).topk(5));
    }
  }

  for (const auto& [session, ids] : top_items)
    std::cout << session << " -> " << ids << "\n";
  return 0;
}
