// scenario: a retrieval service encodes queries with towers from a std::map under CPU autocast, caches the embeddings by name, and after the region scores them against a float item index
// tier: 5
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type BFloat16 but found Float
#include <torch/torch.h>
#include <ATen/autocast_mode.h>

#include <iostream>
#include <map>
#include <string>

namespace {

struct TowerImpl : torch::nn::Module {
  TowerImpl(int64_t in_features, int64_t out_features)
      : proj(register_module("proj", torch::nn::Linear(in_features, 128))),
        out(register_module("out", torch::nn::Linear(128, out_features))) {}
  torch::Tensor forward(const torch::Tensor &x) { return out(torch::relu(proj(x))); }
  torch::nn::Linear proj, out;
};
TORCH_MODULE(Tower);

using EmbeddingCache = std::map<std::string, torch::Tensor>;

void encode_queries(std::map<std::string, Tower> &towers,
                    const std::map<std::string, torch::Tensor> &inputs, EmbeddingCache &cache) {
  at::autocast::set_autocast_cpu_dtype(at::kBFloat16);
  at::autocast::set_cpu_enabled(true);
  for (const auto &input : inputs)
    cache[input.first] = towers.at(input.first)->forward(input.second);
  at::autocast::set_cpu_enabled(false);
  at::autocast::clear_cache();
}

torch::Tensor retrieve(const EmbeddingCache &cache, const std::string &kind,
                       const torch::Tensor &item_index, int64_t k) {
  const auto &query = cache.at(kind);
  auto scores = torch::matmul(query, item_index.t()); // BUG
  return std::get<1>(scores.topk(k, 1));
}

} // namespace

int main() {
  torch::manual_seed(23);
  const int64_t emb_dim = 48;
  std::map<std::string, Tower> towers;
  towers.emplace("search", Tower(40, emb_dim));
  towers.emplace("browse", Tower(24, emb_dim));

  std::map<std::string, torch::Tensor> inputs = {{"search", torch::randn({8, 40})},
                                                 {"browse", torch::randn({8, 24})}};
  // item embeddings exported offline as float32
  auto item_index = torch::nn::functional::normalize(
      torch::randn({2000, emb_dim}), torch::nn::functional::NormalizeFuncOptions().dim(1));

  torch::NoGradGuard no_grad;
  EmbeddingCache cache;
  encode_queries(towers, inputs, cache);
  for (const char *kind : {"search", "browse"}) {
    auto top = retrieve(cache, kind, item_index, 10);
    std::cout << kind << " top-10 " << top.sizes() << "\n";
  }
  return 0;
}
