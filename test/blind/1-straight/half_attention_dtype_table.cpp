// scenario: attention-score dump tool looks its compute dtype up in a name table, "half" by default
// tier: 1
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: "addmm_impl_cpu_" not implemented for 'Half'
#include <torch/torch.h>
#include <cmath>
#include <iostream>
#include <map>
#include <string>

int main(int argc, char **argv) {
  const std::map<std::string, torch::Dtype> kDtypeByName = {
      {"float", torch::kFloat32},
      {"double", torch::kFloat64},
      {"half", torch::kFloat16},
      {"bfloat16", torch::kBFloat16},
  };
  const std::string dtypeName = argc > 1 ? argv[1] : "half";
  auto found = kDtypeByName.find(dtypeName);
  if (found == kDtypeByName.end()) {
    std::cerr << "unknown dtype " << dtypeName << "\n";
    return 2;
  }
  const torch::Dtype computeDtype = found->second;

  const int64_t seqLen = 12;
  const int64_t headDim = 32;
  torch::manual_seed(0);
  auto opts = torch::TensorOptions().dtype(computeDtype);
  auto query = torch::randn({seqLen, headDim}, opts);
  auto key = torch::randn({seqLen, headDim}, opts);
  const double scale = 1.0 / std::sqrt(static_cast<double>(headDim));

  auto scores = torch::matmul(query, key.transpose(0, 1)) * scale; // BUG
  auto peak = std::get<1>(scores.max(1));

  std::cout << "dtype " << dtypeName << ", peak key per query:";
  for (int64_t i = 0; i < seqLen; ++i)
    std::cout << " " << peak[i].item<int64_t>();
  std::cout << "\n";
  return 0;
}
