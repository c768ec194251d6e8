// scenario: a plain scorer class owns an nn::Linear holder and converts it to float64 in its constructor; callers pass float32 features
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: mat1 and mat2 must have the same dtype
#include <torch/torch.h>
#include <iostream>

class RiskScorer {
public:
  RiskScorer(int64_t features) : linear_(features, 1) {
    // The reference implementation is in float64; match it bit for bit.
    linear_->to(torch::kDouble);
    linear_->eval();
  }

  torch::Tensor score(const torch::Tensor &features) {
    torch::NoGradGuard no_grad;
    return torch::sigmoid(linear_(features)).squeeze(1); // BUG
  }

private:
  torch::nn::Linear linear_;
};

int main() {
  torch::manual_seed(0);
  RiskScorer scorer(5);
  auto applicants = torch::randn({4, 5});
  std::cout << scorer.score(applicants) << "\n";
  return 0;
}
