// scenario: a ranking scorer keeps its weights in the serving storage dtype and falls back from a half GEMM when the kernel is missing
// tier: 2
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Float but found Half
#include <torch/torch.h>

#include <iostream>
#include <string>
#include <vector>

struct ServingConfig {
  // Shared by every scorer in the process; half halves the resident size of
  // the candidate tables.
  static torch::Dtype storageDtype;
  static bool preferReducedPrecision;
};
torch::Dtype ServingConfig::storageDtype = torch::kHalf;
bool ServingConfig::preferReducedPrecision = true;

namespace {

using GemmFn = torch::Tensor (*)(const torch::Tensor &, const torch::Tensor &);

torch::Tensor reducedGemm(const torch::Tensor &x, const torch::Tensor &w) {
  return torch::mm(x.to(w.scalar_type()), w.t()).to(torch::kFloat);
}

torch::Tensor directGemm(const torch::Tensor &x, const torch::Tensor &w) {
  return torch::mm(x, w.t());
}

GemmFn pickGemm() {
  return ServingConfig::preferReducedPrecision ? &reducedGemm : &directGemm;
}

} // namespace

class CandidateScorer {
public:
  CandidateScorer(int64_t numCandidates, int64_t dim)
      : weights_(torch::randn({numCandidates, dim})
                     .div_(std::sqrt(static_cast<double>(dim)))
                     .to(ServingConfig::storageDtype)),
        gemm_(pickGemm()) {}

  torch::Tensor score(const torch::Tensor &queries) {
    if (!fallback_) {
      try {
        return gemm_(queries, weights_);
      } catch (const c10::Error &e) {
        std::cerr << "reduced-precision gemm unavailable, using float path\n";
        fallback_ = true;
      }
    }
    return torch::mm(queries.to(torch::kFloat), weights_.t()); // BUG
  }

private:
  torch::Tensor weights_;
  GemmFn gemm_;
  bool fallback_ = false;
};

int main() {
  torch::manual_seed(7);
  CandidateScorer scorer(/*numCandidates=*/128, /*dim=*/32);

  std::vector<torch::Tensor> requests = {torch::randn({4, 32}),
                                         torch::randn({2, 32})};
  for (const auto &q : requests) {
    auto scores = scorer.score(q);
    auto top = std::get<1>(scores.topk(5, /*dim=*/1));
    std::cout << "top-5 candidates: " << top[0] << "\n";
  }
  return 0;
}
