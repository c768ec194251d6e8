// scenario: a decoder's string-keyed KV cache is shrunk to float16 by a utility that converts every floating entry; the CPU decode step then scores with baddbmm in the cache dtype
// tier: 3
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: "baddbmm" not implemented for 'Half'
#include <torch/torch.h>
#include <cmath>
#include <iostream>
#include <map>
#include <string>

using KvCache = std::map<std::string, torch::Tensor>;

KvCache prefill(const torch::Tensor& prompt, const torch::Tensor& wk, const torch::Tensor& wv) {
  KvCache cache;
  cache["k"] = torch::matmul(prompt, wk);          // [B, T, D]
  cache["v"] = torch::matmul(prompt, wv);          // [B, T, D]
  cache["alibi"] = -torch::arange(prompt.size(1)).flip(0).to(torch::kFloat).view({1, 1, -1}) * 0.1;
  cache["pos"] = torch::full({prompt.size(0)}, prompt.size(1), torch::kLong);
  return cache;
}

void compress_cache(KvCache& cache) {
  for (auto& kv : cache) {
    if (kv.second.is_floating_point()) kv.second = kv.second.to(torch::kHalf);
  }
}

torch::Tensor decode_step(const KvCache& cache, const torch::Tensor& query) {
  const auto& k = cache.at("k");
  const auto& v = cache.at("v");
  auto q = query.to(k.scalar_type());                       // [B, 1, D]
  auto bias = cache.at("alibi").expand({q.size(0), 1, k.size(1)});
  const double scale = 1.0 / std::sqrt(static_cast<double>(q.size(2)));
  auto scores = torch::baddbmm(bias, q, k.transpose(1, 2), 1.0, scale); // BUG
  auto probs = torch::softmax(scores.to(torch::kFloat), -1);
  return torch::bmm(probs, v.to(torch::kFloat));
}

int main() {
  torch::manual_seed(13);
  const int64_t dim = 32;
  auto wk = torch::randn({dim, dim}) / std::sqrt(static_cast<double>(dim));
  auto wv = torch::randn({dim, dim}) / std::sqrt(static_cast<double>(dim));
  auto prompt = torch::randn({2, 12, dim});
  auto query = torch::randn({2, 1, dim});

  KvCache cache = prefill(prompt, wk, wv);
  auto reference = decode_step(cache, query);

  compress_cache(cache);
  auto served = decode_step(cache, query);
  std::cout << "max abs diff " << (served - reference).abs().max().item<float>() << " at pos "
            << cache.at("pos")[0].item<int64_t>() << "\n";
  return 0;
}
