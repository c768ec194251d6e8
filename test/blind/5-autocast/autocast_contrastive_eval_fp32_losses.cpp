// scenario: evaluates a two-tower contrastive model under CPU autocast: distances, losses and percentiles on the bfloat16 embeddings
// tier: 5
// family: autocast-unsafe-op
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <cstdint>
#include <iostream>
#include <map>
#include <string>

namespace F = torch::nn::functional;

struct TwoTowerImpl : torch::nn::Module {
  TwoTowerImpl(int64_t in_dim, int64_t dim)
      : query(register_module("query", torch::nn::Linear(in_dim, dim))),
        doc(register_module("doc", torch::nn::Linear(in_dim, dim))) {}
  torch::nn::Linear query, doc;
};
TORCH_MODULE(TwoTower);

int main() {
  torch::manual_seed(29);
  const int64_t batch = 12, in_dim = 24, dim = 16;
  TwoTower model(in_dim, dim);
  model->eval();

  torch::Tensor q_feats = torch::randn({batch, in_dim});
  torch::Tensor d_feats = q_feats + 0.2 * torch::randn({batch, in_dim});
  torch::Tensor targets = torch::arange(batch, torch::kLong);

  std::map<std::string, torch::Tensor> metrics;
  torch::NoGradGuard no_grad;
  {
    at::autocast::set_cpu_enabled(true);
    torch::Tensor q = model->query->forward(q_feats); // bfloat16
    torch::Tensor d = model->doc->forward(d_feats);   // bfloat16

    torch::Tensor dist = torch::cdist(q, d);
    torch::Tensor logits = -dist;
    metrics["xent"] = F::cross_entropy(logits, targets);
    metrics["mse"] = F::mse_loss(q, d);
    torch::Tensor pos = dist.diagonal();
    torch::Tensor neg = std::get<0>(torch::kthvalue(dist, 2, 1));
    metrics["rank"] = F::margin_ranking_loss(neg, pos, torch::ones({batch}, torch::kLong),
                                             F::MarginRankingLossFuncOptions().margin(0.5));
    metrics["p90_dist"] = torch::quantile(dist.diagonal(), 0.9);
    metrics["kl"] = F::kl_div(torch::log_softmax(torch::mm(q, d.t()), 1),
                              torch::softmax(logits, 1),
                              F::KLDivFuncOptions().reduction(torch::kBatchMean));
    at::autocast::set_cpu_enabled(false);
    at::autocast::clear_cache();
  }

  // Combined with float32 running totals after the region.
  torch::Tensor totals = torch::zeros({5});
  int i = 0;
  for (auto &kv : metrics)
    totals[i++] += kv.second;
  torch::Tensor weights = torch::tensor({1.0f, 0.5f, 0.25f, 2.0f, 1.0f});
  torch::Tensor score = torch::dot(totals, weights);
  for (auto &kv : metrics)
    std::cout << kv.first << " " << kv.second.item<float>() << " (" << kv.second.scalar_type() << ")\n";
  std::cout << "score " << score.item<float>() << "\n";
  return 0;
}
