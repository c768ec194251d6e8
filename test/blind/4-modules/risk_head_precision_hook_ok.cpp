// scenario: a credit-risk scorer moves its scoring blocks to float64 for reproducible audits; a derived block's input hook adapts float32 features
// tier: 4
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>

#include <iostream>
#include <memory>
#include <string>
#include <vector>

class DenseBlockImpl : public torch::nn::Module {
public:
  DenseBlockImpl(int64_t in, int64_t out)
      : fc(register_module("fc", torch::nn::Linear(in, out))) {}
  virtual ~DenseBlockImpl() = default;

  torch::Tensor forward(const torch::Tensor &x) {
    return torch::tanh(fc->forward(preprocess(x)));
  }

protected:
  virtual torch::Tensor preprocess(const torch::Tensor &x) { return x; }

public:
  torch::nn::Linear fc;
};

// Features arrive from the feature store as float32 whatever precision the
// block was moved to.
class AdaptiveBlockImpl : public DenseBlockImpl {
public:
  using DenseBlockImpl::DenseBlockImpl;

protected:
  torch::Tensor preprocess(const torch::Tensor &x) override {
    return x.to(fc->weight.scalar_type());
  }
};

class RiskScorer {
public:
  RiskScorer(int64_t numFeatures, torch::Dtype precision) {
    auto entry = std::make_shared<AdaptiveBlockImpl>(numFeatures, 32);
    auto hidden = std::make_shared<DenseBlockImpl>(32, 16);
    head_ = torch::nn::Linear(16, 1);
    entry->to(precision);
    hidden->to(precision);
    head_->to(precision);
    blocks_.push_back(torch::nn::AnyModule(std::shared_ptr<DenseBlockImpl>(entry)));
    blocks_.push_back(torch::nn::AnyModule(hidden));
  }

  torch::Tensor score(const torch::Tensor &features) {
    torch::NoGradGuard noGrad;
    return torch::sigmoid(head_->forward(runFrom(0, features))).squeeze(1);
  }

private:
  torch::Tensor runFrom(size_t i, const torch::Tensor &h) {
    if (i == blocks_.size())
      return h;
    return runFrom(i + 1, blocks_[i].forward<torch::Tensor>(h));
  }

  std::vector<torch::nn::AnyModule> blocks_;
  torch::nn::Linear head_{nullptr};
};

int main() {
  torch::manual_seed(17);
  const int64_t numFeatures = 20;
  auto applicants = torch::randn({12, numFeatures});

  RiskScorer serving(numFeatures, torch::kFloat32);
  RiskScorer audit(numFeatures, torch::kFloat64);

  auto p = serving.score(applicants);
  auto pAudit = audit.score(applicants);
  std::cout << "serving mean PD " << p.mean().item<double>() << ", audit mean PD "
            << pAudit.mean().item<double>() << " (" << pAudit.dtype() << ")\n";
  return 0;
}
