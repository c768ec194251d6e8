// scenario: semantic search over a float64 embedding index with float32 queries, compute dtype passed as an optional
// tier: 3
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <limits>
#include <optional>
#include <tuple>

namespace F = torch::nn::functional;

torch::Tensor cosineMatrix(const torch::Tensor &a, const torch::Tensor &b,
                           std::optional<torch::Dtype> computeDtype = std::nullopt) {
  const torch::Dtype dtype = computeDtype.value_or(a.scalar_type());
  auto an = F::normalize(a.to(dtype), F::NormalizeFuncOptions().dim(1));
  auto bn = F::normalize(b.to(dtype), F::NormalizeFuncOptions().dim(1));
  return torch::mm(an, bn.t());
}

std::tuple<torch::Tensor, torch::Tensor> topMatches(torch::Tensor scores, int64_t k,
                                                    c10::optional<torch::Tensor> allowed = c10::nullopt) {
  if (allowed.has_value())
    scores = scores.masked_fill(allowed->logical_not(), -std::numeric_limits<double>::infinity());
  return scores.topk(k, /*dim=*/1);
}

int main() {
  torch::manual_seed(29);
  const int64_t dim = 48;
  auto index = torch::randn({200, dim}, torch::kFloat64);
  auto queries = index.index({torch::tensor({3, 17, 150})}).to(torch::kFloat32) +
                 0.01 * torch::randn({3, dim});

  auto scores = cosineMatrix(queries, index, torch::kFloat64);
  auto allowed = torch::ones({3, 200}, torch::kBool);
  allowed.index_put_({torch::indexing::Slice(), torch::indexing::Slice(100, 120)}, false);

  auto [bestScores, bestIds] = topMatches(scores, 3, allowed);
  for (int64_t q = 0; q < bestIds.size(0); ++q)
    std::cout << "query " << q << " -> " << bestIds[q][0].item<int64_t>() << " ("
              << bestScores[q][0].item<double>() << ")\n";

  auto selfSim = cosineMatrix(queries, queries);
  auto offDiagonal = (selfSim - torch::eye(3)).abs().max().item<float>();
  std::cout << "max query-query similarity " << offDiagonal << "\n";
  return 0;
}
