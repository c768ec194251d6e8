// scenario: trainer builds its criterion from a config string ("bce"); the target helper turns click scores into int64 labels that reach binary_cross_entropy through the virtual compute()
// tier: 3
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Found dtype Long but expected Float
#include <torch/torch.h>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>

namespace F = torch::nn::functional;

class Criterion {
public:
  virtual ~Criterion() = default;
  virtual torch::Tensor compute(const torch::Tensor &logits, const torch::Tensor &targets) = 0;
  virtual std::string name() const = 0;
};

class BceCriterion : public Criterion {
public:
  torch::Tensor compute(const torch::Tensor &logits, const torch::Tensor &targets) override {
    auto probs = torch::sigmoid(logits);
    return F::binary_cross_entropy(probs, targets); // BUG
  }
  std::string name() const override { return "bce"; }
};

class HingeCriterion : public Criterion {
public:
  torch::Tensor compute(const torch::Tensor &logits, const torch::Tensor &targets) override {
    auto signs = targets.to(logits.scalar_type()) * 2 - 1;
    return torch::clamp_min(1 - signs * logits, 0).mean();
  }
  std::string name() const override { return "hinge"; }
};

std::unique_ptr<Criterion> make_criterion(const std::string &kind) {
  if (kind == "bce")
    return std::make_unique<BceCriterion>();
  if (kind == "hinge")
    return std::make_unique<HingeCriterion>();
  throw std::invalid_argument("unknown criterion " + kind);
}

// click logs carry a dwell-time score; anything above the threshold counts as a click
torch::Tensor make_click_targets(const torch::Tensor &dwell_seconds, double threshold) {
  return (dwell_seconds > threshold).to(torch::kLong);
}

class Trainer {
public:
  Trainer(int64_t in_features, const std::string &loss_kind)
      : model_(in_features, 1), criterion_(make_criterion(loss_kind)),
        opt_(model_->parameters(), torch::optim::SGDOptions(0.05)) {}

  double train_step(const torch::Tensor &x, const torch::Tensor &y) {
    opt_.zero_grad();
    auto logits = model_(x).squeeze(1);
    auto loss = criterion_->compute(logits, y);
    loss.backward();
    opt_.step();
    return loss.item<double>();
  }

private:
  torch::nn::Linear model_;
  std::unique_ptr<Criterion> criterion_;
  torch::optim::SGD opt_;
};

int main() {
  torch::manual_seed(7);
  Trainer trainer(16, "bce");
  for (int step = 0; step < 3; ++step) {
    auto x = torch::randn({64, 16});
    auto dwell = torch::rand({64}) * 30.0;
    auto y = make_click_targets(dwell, 10.0);
    std::cout << "step " << step << " loss " << trainer.train_step(x, y) << "\n";
  }
  return 0;
}
