// scenario: a churn model's three-layer weight bank is loaded layer by layer, and for legacy checkpoints one layer arrives in float64 before the loop multiplies through all three
// tier: 2
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Float but found Double
#include <torch/torch.h>

#include <array>
#include <iostream>
#include <map>
#include <string>

namespace churn {

constexpr size_t kNumLayers = 3;
using WeightBank = std::array<torch::Tensor, kNumLayers>;

struct CheckpointInfo {
  int version = 1;
  std::array<int64_t, kNumLayers + 1> dims = {12, 24, 24, 1};
};

// Older exports wrote the middle layer from a statsmodels fit (float64).
torch::Tensor read_layer(const CheckpointInfo& info, size_t layer) {
  auto rows = info.dims[layer], cols = info.dims[layer + 1];
  if (info.version < 2 && layer == 1)
    return torch::randn({rows, cols}, torch::kFloat64) / std::sqrt(static_cast<double>(rows));
  return torch::randn({rows, cols}) / std::sqrt(static_cast<double>(rows));
}

WeightBank load_bank(const CheckpointInfo& info) {
  WeightBank bank;
  for (size_t i = 0; i < kNumLayers; ++i) bank[i] = read_layer(info, i);
  return bank;
}

}  // namespace churn

int main() {
  torch::manual_seed(2);
  churn::CheckpointInfo info;
  info.version = 1;  // production still serves the v1 export
  auto bank = churn::load_bank(info);

  // Upgrade path: v2+ checkpoints may come in float16 and are widened.
  if (info.version >= 2) {
    for (auto& w : bank)
      if (w.scalar_type() != torch::kFloat) w = w.to(torch::kFloat);
  }

  auto features = torch::randn({64, info.dims[0]});
  std::map<std::string, double> stats;

  auto h = features;
  for (size_t i = 0; i < churn::kNumLayers; ++i) {
    h = torch::mm(h, bank[i]);  // BUG
    if (i + 1 < churn::kNumLayers) {
      auto gate = torch::sigmoid(h);
      h = h * gate;  // SiLU-style gating between layers
      stats["layer" + std::to_string(i) + "_mean"] = h.mean().item<double>();
    }
  }
  auto churn_prob = torch::sigmoid(h).squeeze(-1);
  std::cout << "customers at risk: " << (churn_prob > 0.5).sum().item<int64_t>() << "\n";
  for (const auto& [k, v] : stats) std::cout << k << " = " << v << "\n";
  return 0;
}
