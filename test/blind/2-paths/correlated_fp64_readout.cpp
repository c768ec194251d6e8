// scenario: graph-level sum/mean readout for a GNN, scatter-accumulating node features with optional float64 accumulation
// tier: 2
// family: inplace-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <vector>

struct ReadoutConfig {
  bool fp64_accumulate;
  int64_t num_graphs;
  int64_t feature_dim;
};

struct NodeBatch {
  torch::Tensor features;  // [nodes, feature_dim], float32
  torch::Tensor graph_ids; // [nodes], int64
};

int main() {
  torch::manual_seed(5);
  const std::vector<ReadoutConfig> configs = {{false, 6, 8}, {true, 6, 8}};

  std::vector<NodeBatch> loader;
  for (int b = 0; b < 5; ++b) {
    const int64_t nodes = 20 + 3 * b;
    loader.push_back({torch::randn({nodes, 8}),
                      torch::randint(0, 6, {nodes}, torch::kLong)});
  }

  std::vector<torch::Tensor> means;
  for (const auto &cfg : configs) {
    auto sums = torch::zeros({cfg.num_graphs, cfg.feature_dim});
    auto counts = torch::zeros({cfg.num_graphs}, torch::kLong);
    auto max_feat = torch::full({cfg.num_graphs, cfg.feature_dim}, -1e9);
    if (cfg.fp64_accumulate)
      sums = sums.to(torch::kDouble);

    for (const auto &batch : loader) {
      auto index = batch.graph_ids.unsqueeze(1).expand_as(batch.features);
      auto contribution = cfg.fp64_accumulate ? batch.features.to(torch::kDouble)
                                              : batch.features;
      sums.scatter_add_(0, index, contribution);
      counts.index_add_(0, batch.graph_ids, torch::ones_like(batch.graph_ids));
      max_feat.scatter_reduce_(0, index, batch.features, "amax");
    }

    auto denom = counts.clamp_min(1).unsqueeze(1);
    auto mean = sums / denom;
    std::cout << (cfg.fp64_accumulate ? "fp64" : "fp32") << " readout, nodes per graph "
              << counts << "\n";
    means.push_back(mean.to(torch::kDouble));
    if (counts.sum().item<int64_t>() == 0 || !torch::isfinite(max_feat).all().item<bool>())
      return 1;
  }

  auto gap = (means[0] - means[1]).abs().max().item<double>();
  std::cout << "fp32 vs fp64 readout gap: " << gap << "\n";
  return gap < 1e-5 ? 0 : 1;
}
