// scenario: label-smoothing encoder held by value and used through a LabelEncoder reference; it returns float class probabilities of the logits' shape, which cross_entropy accepts as soft targets
// tier: 3
// family: loss-target-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <vector>

namespace F = torch::nn::functional;

class LabelEncoder {
 public:
  virtual ~LabelEncoder() = default;
  virtual torch::Tensor encode(const std::vector<int64_t>& labels, int64_t classes) const {
    return torch::tensor(labels, torch::kLong);
  }
};

class SmoothedOneHotEncoder : public LabelEncoder {
 public:
  explicit SmoothedOneHotEncoder(double eps) : eps_(eps) {}
  torch::Tensor encode(const std::vector<int64_t>& labels, int64_t classes) const override {
    auto hard = F::one_hot(torch::tensor(labels, torch::kLong), classes).to(torch::kFloat);
    return hard * (1.0 - eps_) + eps_ / static_cast<double>(classes);
  }

 private:
  double eps_;
};

double batch_loss(const LabelEncoder& encoder, const torch::Tensor& logits,
                  const std::vector<int64_t>& labels) {
  auto targets = encoder.encode(labels, logits.size(1));
  return F::cross_entropy(logits, targets).item<double>();
}

int main() {
  torch::manual_seed(83);
  torch::nn::Linear head(8, 4);
  auto feats = torch::randn({5, 8});
  auto logits = head(feats);
  std::vector<int64_t> labels{0, 3, 1, 1, 2};

  SmoothedOneHotEncoder smoothed(0.1);
  LabelEncoder plain;
  std::cout << "smoothed loss " << batch_loss(smoothed, logits, labels) << "\n";
  std::cout << "hard loss " << batch_loss(plain, logits, labels) << "\n";
  return 0;
}
