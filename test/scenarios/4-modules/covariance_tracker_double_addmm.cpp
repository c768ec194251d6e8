// scenario: a plain running-covariance tracker keeps float64 accumulators and addmm_s float32 activation batches into them
// tier: 4
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: self and mat2 must have the same dtype
#include <torch/torch.h>
#include <iostream>

class CovarianceTracker {
public:
  explicit CovarianceTracker(int64_t dim)
      : sum_(torch::zeros({dim}, torch::kDouble)),
        outer_(torch::zeros({dim, dim}, torch::kDouble)) {}

  void update(const torch::Tensor &batch) {
    sum_.add_(batch.sum(0));
    outer_.addmm_(batch.t(), batch); // BUG
    count_ += batch.size(0);
  }

  torch::Tensor covariance() const {
    auto mean = sum_ / count_;
    return outer_ / count_ - torch::outer(mean, mean);
  }

private:
  torch::Tensor sum_, outer_;
  int64_t count_ = 0;
};

int main() {
  torch::manual_seed(0);
  CovarianceTracker tracker(4);
  for (int step = 0; step < 5; ++step) {
    auto activations = torch::randn({16, 4}).relu();
    tracker.update(activations);
  }
  std::cout << tracker.covariance() << "\n";
  return 0;
}
