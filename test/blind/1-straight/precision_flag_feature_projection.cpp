// scenario: retrieval embedder pools token features at the --precision flag's dtype (default fp64) and projects them with a float32 matrix
// tier: 1
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Double but found Float
#include <torch/torch.h>
#include <cmath>
#include <iostream>
#include <string>

namespace {
constexpr int64_t kBatch = 8;
constexpr int64_t kTokens = 12;
constexpr int64_t kFeatureDim = 64;
constexpr int64_t kProjDim = 16;
constexpr double kTemperature = 0.07;
const char *const kDefaultPrecisionFlag = "--precision=fp64";
} // namespace

int main(int argc, char **argv) {
  torch::manual_seed(0);

  // "--precision=fp64" keeps the pooling statistics exact; fp16/fp32 for speed.
  const std::string flag = argc > 1 ? std::string(argv[1]) : std::string(kDefaultPrecisionFlag);
  const std::string precision = flag.substr(flag.find('=') + 1);
  const torch::Dtype feature_dtype = precision == "fp64"   ? torch::kFloat64
                                     : precision == "fp16" ? torch::kFloat16
                                                           : torch::kFloat32;
  std::cout << "feature precision: " << precision << "\n";

  auto opts = torch::TensorOptions().dtype(feature_dtype);
  auto tokens = torch::randn({kBatch, kTokens, kFeatureDim}, opts);
  auto mask = torch::rand({kBatch, kTokens}) > 0.2;

  // masked mean + max pooling, the usual sentence-embedding recipe
  auto masked = tokens * mask.unsqueeze(-1);
  auto lengths = mask.sum(1, /*keepdim=*/true).clamp_min(1);
  auto mean_pooled = masked.sum(1) / lengths;
  auto [max_pooled, argmax_tokens] = masked.max(1);
  auto pooled = (mean_pooled + max_pooled) * 0.5;

  // the projection head was exported from the float32 training run
  auto proj = torch::randn({kFeatureDim, kProjDim}) / std::sqrt(static_cast<double>(kFeatureDim));
  auto embedded = torch::mm(pooled, proj); // BUG
  embedded = torch::nn::functional::normalize(embedded, torch::nn::functional::NormalizeFuncOptions().dim(1));

  auto sims = torch::mm(embedded, embedded.t()) / kTemperature;
  auto [best, best_idx] = sims.fill_diagonal_(-1e4).max(1);
  std::cout << "nearest neighbours: " << best_idx << "\n";
  return 0;
}
