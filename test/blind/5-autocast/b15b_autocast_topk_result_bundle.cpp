// scenario: a retrieval step runs the query tower under CPU bfloat16 autocast and bundles its results (bf16 scores, int64 top-k indices, bool hit mask); after the region the scores are cast to float32 before calibration, the indices only gather from float tables
// tier: 5
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>
#include <map>
#include <string>

struct Retrieved {
  torch::Tensor scores;  // autocast output (bfloat16)
  torch::Tensor indices; // int64
  torch::Tensor hit;     // bool
};

int main() {
  torch::manual_seed(29);
  const int64_t docs = 40, dim = 16, k = 5, queries = 3;
  torch::nn::Linear query_tower(dim, dim);
  auto doc_table = torch::randn({docs, dim});
  auto relevant = torch::randint(0, docs, {queries}, torch::kLong);

  Retrieved r;
  {
    at::autocast::set_cpu_enabled(true);
    at::autocast::set_autocast_cpu_dtype(at::kBFloat16);
    auto q = query_tower->forward(torch::randn({queries, dim}));
    auto sims = torch::mm(q, doc_table.t());
    auto top = sims.topk(k, /*dim=*/1);
    r.scores = std::get<0>(top);
    r.indices = std::get<1>(top);
    r.hit = r.indices.eq(relevant.unsqueeze(1)).any(1);
    at::autocast::set_cpu_enabled(false);
    at::autocast::clear_cache();
  }

  // Calibration happens in float32, outside autocast.
  auto calib = torch::eye(k) * 0.5 + 0.5 / k;
  auto scores32 = r.scores.to(torch::kFloat);
  auto calibrated = torch::softmax(torch::mm(scores32, calib), 1);

  std::map<std::string, torch::Tensor> bundle{
      {"scores", calibrated}, {"indices", r.indices}, {"hit", r.hit}};
  for (const auto &[name, t] : bundle)
    std::cout << name << " " << t.scalar_type() << " " << t.sizes() << "\n";

  // The integer indices only select rows of the float document table.
  auto picked = doc_table.index_select(0, bundle["indices"].flatten()).view({queries, k, dim});
  auto context = (picked * bundle["scores"].unsqueeze(-1)).sum(1);
  auto hit_rate = bundle["hit"].to(torch::kFloat).mean();

  std::cout << "context " << context.sizes() << " hit rate " << hit_rate.item<float>() << "\n";
  return context.scalar_type() == torch::kFloat && r.indices.scalar_type() == torch::kLong ? 0 : 1;
}
