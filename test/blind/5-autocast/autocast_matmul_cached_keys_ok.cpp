// scenario: retrieval step under CPU bf16 autocast matches float32 queries against a bf16 key cache with matmul (autocast casts both) and converts the scores back before the float32 dot-product re-ranking
// tier: 5
// family: autocast-unsafe-op
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>
#include <tuple>
#include <vector>

namespace {
struct AutocastRegion {
  explicit AutocastRegion(at::ScalarType t) {
    at::autocast::set_cpu_enabled(true);
    at::autocast::set_autocast_cpu_dtype(t);
  }
  ~AutocastRegion() {
    at::autocast::set_cpu_enabled(false);
    at::autocast::clear_cache();
  }
};

struct Hit {
  int64_t doc;
  float score;
};

std::tuple<torch::Tensor, torch::Tensor> coarse_search(const torch::Tensor &queries, const torch::Tensor &keys,
                                                       int64_t k) {
  AutocastRegion region(at::kBFloat16);
  auto scores = torch::matmul(queries, keys.t());
  auto [top, idx] = scores.topk(k, 1);
  return {top.to(torch::kFloat32), idx};
}
} // namespace

int main() {
  torch::manual_seed(18);
  const int64_t docs = 200, dim = 32;
  auto key_cache = torch::nn::functional::normalize(torch::randn({docs, dim}),
                                                    torch::nn::functional::NormalizeFuncOptions().dim(1))
                       .to(torch::kBFloat16);
  auto full_keys = key_cache.to(torch::kFloat32);
  auto queries = torch::randn({2, dim});

  auto [coarse, idx] = coarse_search(queries, key_cache, 5);

  std::vector<Hit> hits;
  for (int64_t j = 0; j < idx.size(1); ++j) {
    auto doc = idx[0][j].item<int64_t>();
    auto exact = torch::dot(queries[0], full_keys[doc]).item<float>();
    hits.push_back({doc, exact + 0.0f * coarse[0][j].item<float>()});
  }
  for (const auto &h : hits)
    std::cout << "doc " << h.doc << " score " << h.score << "\n";
  return 0;
}
