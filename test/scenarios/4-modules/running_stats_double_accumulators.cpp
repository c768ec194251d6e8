// scenario: a plain running-stats tracker keeps float64 accumulators and adds float32 batch statistics with add_ (which casts into the accumulator)
// tier: 4
// family: inplace-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

class RunningStats {
public:
  explicit RunningStats(int64_t dim)
      : sum_(torch::zeros({dim}, torch::kDouble)), sum_sq_(torch::zeros({dim}, torch::kDouble)) {}

  void update(const torch::Tensor &batch) {
    sum_.add_(batch.sum(0));
    sum_sq_.add_(batch.pow(2).sum(0));
    count_ += batch.size(0);
  }

  torch::Tensor mean() const { return sum_ / count_; }
  torch::Tensor var() const { return sum_sq_ / count_ - mean().pow(2); }

  // Normalises float32 activations; the statistics are converted to the input's dtype.
  torch::Tensor normalize(const torch::Tensor &x) const {
    auto m = mean().to(x.scalar_type());
    auto s = var().clamp_min(1e-8).sqrt().to(x.scalar_type());
    return (x - m) / s;
  }

private:
  torch::Tensor sum_, sum_sq_;
  int64_t count_ = 0;
};

int main() {
  torch::manual_seed(0);
  RunningStats stats(3);
  for (int i = 0; i < 10; ++i)
    stats.update(torch::randn({32, 3}) * 2.0 + 1.0);
  auto z = stats.normalize(torch::randn({4, 3}) * 2.0 + 1.0);
  std::cout << z.dtype() << " " << stats.mean() << "\n";
  return 0;
}
