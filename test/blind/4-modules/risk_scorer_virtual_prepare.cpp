// scenario: a fraud-risk service builds scorers through a factory of make_shared<Derived>; the precise scorer moves its head to float64 but inherits the base prepare() that hands float32 features
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: mat1 and mat2 must have the same dtype
#include <torch/torch.h>

#include <iostream>
#include <memory>
#include <string>

class RiskScorer {
public:
  explicit RiskScorer(int64_t num_features) : num_features_(num_features) {}
  virtual ~RiskScorer() = default;

  // Standardizes raw transaction features; subclasses may override.
  virtual torch::Tensor prepare(const torch::Tensor &raw) const {
    auto centered = raw - raw.mean(/*dim=*/0, /*keepdim=*/true);
    return centered / raw.std(/*dim=*/0, /*unbiased=*/true, /*keepdim=*/true).clamp_min(1e-6);
  }
  virtual torch::Tensor score(const torch::Tensor &features) = 0;
  virtual std::string name() const = 0;

protected:
  int64_t num_features_;
};

class FastScorer : public RiskScorer {
public:
  explicit FastScorer(int64_t n) : RiskScorer(n), head_(n, 1) {}
  torch::Tensor score(const torch::Tensor &features) override {
    return torch::sigmoid(head_(features)).squeeze(1);
  }
  std::string name() const override { return "fast"; }

private:
  torch::nn::Linear head_;
};

class PreciseScorer : public RiskScorer {
public:
  explicit PreciseScorer(int64_t n)
      : RiskScorer(n), hidden_(n, 32), head_(32, 1) {
    // regulators asked for reproducible scores: the audited model runs in float64
    hidden_->to(torch::kFloat64);
    head_->to(torch::kFloat64);
  }
  torch::Tensor score(const torch::Tensor &features) override {
    auto h = torch::relu(hidden_(features));  // BUG
    return torch::sigmoid(head_(h)).squeeze(1);
  }
  std::string name() const override { return "precise"; }

private:
  torch::nn::Linear hidden_, head_;
};

std::shared_ptr<RiskScorer> make_scorer(const std::string &kind, int64_t num_features) {
  if (kind == "precise")
    return std::make_shared<PreciseScorer>(num_features);
  return std::make_shared<FastScorer>(num_features);
}

int main(int argc, char **argv) {
  torch::NoGradGuard no_grad;
  const std::string kind = argc > 1 ? argv[1] : "precise";
  const int64_t num_features = 24;
  std::shared_ptr<RiskScorer> scorer = make_scorer(kind, num_features);

  auto transactions = torch::rand({128, num_features}) * 500.0;
  auto features = scorer->prepare(transactions);
  auto risk = scorer->score(features);
  auto flagged = (risk > 0.9).sum().item<int64_t>();
  std::cout << scorer->name() << " scorer flagged " << flagged << " of "
            << risk.size(0) << " transactions\n";
  return 0;
}
