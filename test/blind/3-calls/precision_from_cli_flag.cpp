// scenario: reranker that stores its scores in the precision given on the command line (fp16 by default) and reports top-k probabilities
// tier: 3
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: "softmax_lastdim_kernel_impl" not implemented for 'Half'
#include <torch/torch.h>
#include <cmath>
#include <iostream>
#include <stdexcept>
#include <string>

torch::Dtype parsePrecision(const std::string &flag) {
  if (flag == "fp32" || flag == "float32")
    return torch::kFloat32;
  else if (flag == "fp16" || flag == "float16")
    return torch::kFloat16;
  else if (flag == "bf16" || flag == "bfloat16")
    return torch::kBFloat16;
  else if (flag == "fp64")
    return torch::kFloat64;
  throw std::invalid_argument("unknown precision: " + flag);
}

torch::Tensor scoreCandidates(const torch::Tensor &query, const torch::Tensor &candidates,
                              torch::Dtype storeAs) {
  auto scores = torch::mv(candidates, query) / std::sqrt(static_cast<double>(query.size(0)));
  return scores.to(storeAs);
}

void reportTopK(const torch::Tensor &scores, int64_t k) {
  auto probs = torch::softmax(scores, -1); // BUG
  auto best = probs.topk(k);
  auto values = std::get<0>(best).to(torch::kFloat32);
  auto indices = std::get<1>(best);
  for (int64_t i = 0; i < k; ++i)
    std::cout << "  #" << indices[i].item<int64_t>() << " p=" << values[i].item<float>() << "\n";
}

int main(int argc, char **argv) {
  const std::string precisionFlag = argc > 1 ? argv[1] : "fp16";
  const torch::Dtype storeDtype = parsePrecision(precisionFlag);

  torch::manual_seed(13);
  const int64_t dim = 64;
  const int64_t numCandidates = 50;
  auto query = torch::randn({dim});
  auto candidates = torch::randn({numCandidates, dim});

  auto scores = scoreCandidates(query, candidates, storeDtype);
  std::cout << "scores stored as " << scores.dtype() << "\n";
  reportTopK(scores, 5);
  return 0;
}
