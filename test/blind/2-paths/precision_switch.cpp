// scenario: a scoring job whose precision mode comes from a flag; the mixed mode keeps float64 master weights
// tier: 2
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Float but found Double
#include <torch/torch.h>
#include <iostream>
#include <string>
#include <vector>

enum class Precision { kFp32, kFp64, kMixed };

Precision parse_precision(const std::string& flag) {
  if (flag == "fp64")
    return Precision::kFp64;
  if (flag == "mixed")
    return Precision::kMixed;
  return Precision::kFp32;
}

int main() {
  torch::manual_seed(23);
  const std::string flag = "mixed";
  const Precision mode = parse_precision(flag);

  torch::ScalarType weight_dtype = torch::kFloat32;
  torch::ScalarType act_dtype = torch::kFloat32;
  switch (mode) {
  case Precision::kFp32:
    break;
  case Precision::kFp64:
    weight_dtype = act_dtype = torch::kFloat64;
    break;
  case Precision::kMixed:
    // Master copy of the weights in double, activations stay single.
    weight_dtype = torch::kFloat64;
    break;
  }

  const int64_t in_dim = 24;
  const int64_t out_dim = 6;
  auto weights = torch::randn({in_dim, out_dim}, torch::dtype(weight_dtype)) * 0.1;
  auto bias = torch::zeros({out_dim}, torch::dtype(mode == Precision::kFp32 ? torch::kFloat32 : weight_dtype));

  std::vector<torch::Tensor> batches;
  for (int i = 0; i < 3; ++i)
    batches.push_back(torch::randn({8, in_dim}));

  if (batches.empty()) {
    std::cout << "nothing to score\n";
    return 0;
  }

  torch::Tensor total = torch::zeros({out_dim}, torch::kFloat64);
  for (const auto& raw : batches) {
    auto x = raw.to(act_dtype);
    auto scores = torch::matmul(x, weights); // BUG
    scores = scores + bias;
    total += scores.sum(0).to(torch::kFloat64);
  }
  std::cout << "mean score per output: " << total / (8.0 * batches.size()) << "\n";
  return 0;
}
