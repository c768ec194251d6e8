// scenario: validation metric tracker accumulates an int64 confusion matrix from argmax predictions and a float32 cost-weighted one with index_put_
// tier: 3
// family: inplace-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>

#include <vector>

namespace {

class ConfusionTracker {
public:
  explicit ConfusionTracker(int64_t classes)
      : classes_(classes),
        counts_(torch::zeros({classes, classes}, torch::kLong)),
        cost_(torch::zeros({classes, classes})),
        per_class_hits_(torch::zeros({classes}, torch::kLong)) {}

  void add_batch(const torch::Tensor &logits, const torch::Tensor &target,
                 const torch::Tensor &sample_cost) {
    auto pred = predictions(logits);
    accumulate_counts(target, pred);
    // float32 costs into a float32 matrix, two index tensors.
    cost_.index_put_({target, pred}, sample_cost, /*accumulate=*/true);
    auto hit = torch::eq(pred, target);
    per_class_hits_.index_add_(0, target, hit.to(torch::kLong));
  }

  double accuracy() const {
    auto total = counts_.sum();
    auto correct = counts_.diagonal().sum();
    return correct.to(torch::kDouble).item<double>() /
           total.to(torch::kDouble).item<double>();
  }

  const torch::Tensor &counts() const { return counts_; }
  const torch::Tensor &cost() const { return cost_; }
  const torch::Tensor &hits() const { return per_class_hits_; }

private:
  static torch::Tensor predictions(const torch::Tensor &logits) {
    return logits.argmax(1);
  }

  void accumulate_counts(const torch::Tensor &target, const torch::Tensor &pred) {
    auto flat = target * classes_ + pred;
    auto binned = torch::bincount(flat, {}, classes_ * classes_);
    counts_.add_(binned.view({classes_, classes_}));
  }

  int64_t classes_;
  torch::Tensor counts_;
  torch::Tensor cost_;
  torch::Tensor per_class_hits_;
};

} // namespace

int main() {
  torch::manual_seed(0);
  const int64_t classes = 4;
  ConfusionTracker tracker(classes);
  torch::nn::Linear head(5, classes);

  int64_t seen = 0;
  for (int b = 0; b < 3; ++b) {
    auto x = torch::randn({10, 5});
    auto y = torch::randint(0, classes, {10});
    auto cost = torch::rand({10});
    torch::NoGradGuard no_grad;
    tracker.add_batch(head->forward(x), y, cost);
    seen += 10;
  }

  if (tracker.counts().sum().item<int64_t>() != seen)
    return 1;
  if (tracker.counts().scalar_type() != torch::kLong ||
      tracker.cost().scalar_type() != torch::kFloat)
    return 1;
  if (!torch::equal(tracker.hits(), tracker.counts().diagonal()))
    return 1;
  double acc = tracker.accuracy();
  return (acc >= 0.0 && acc <= 1.0) ? 0 : 1;
}
