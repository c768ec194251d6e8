// scenario: a vibration-sensor gateway keeps double-precision running moments and a bin histogram over float batches
// tier: 2
// family: inplace-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <array>
#include <iostream>
#include <vector>

namespace {

struct SensorBatch {
  torch::Tensor readings; // [N, channels], float32 from the ADC driver
  bool calibrated = false;
};

class RunningMoments {
public:
  explicit RunningMoments(int64_t channels, int64_t bins)
      : sum_(torch::zeros({channels}, torch::kFloat64)),
        sq_sum_(torch::zeros({channels}, torch::kFloat64)),
        count_(torch::zeros({}, torch::kLong)),
        histogram_(torch::zeros({bins}, torch::kLong)), bins_(bins) {}

  void update(torch::Tensor batch) {
    if (batch.size(0) == 0) return;
    sum_.add_(batch.sum(0));
    sq_sum_.add_(batch.pow(2).sum(0));
    count_.add_(batch.size(0));
    auto bin_ids = (batch.abs().mean(1).clamp(0, 0.999) * bins_).to(torch::kLong);
    histogram_.index_add_(0, bin_ids, torch::ones_like(bin_ids, histogram_.options()));
  }

  torch::Tensor mean() const { return sum_ / count_; }
  torch::Tensor variance() const { return sq_sum_ / count_ - mean().pow(2); }
  const torch::Tensor &histogram() const { return histogram_; }

private:
  torch::Tensor sum_, sq_sum_, count_, histogram_;
  int64_t bins_;
};

} // namespace

int main() {
  std::array<SensorBatch, 6> stream;
  for (size_t i = 0; i < stream.size(); ++i)
    stream[i] = {torch::rand({i == 3 ? 0 : 64, 3}), i % 2 == 0};

  RunningMoments moments(3, 10);
  const torch::Tensor gain = torch::tensor({1.02, 0.98, 1.01}, torch::kFloat64);
  for (auto &b : stream) {
    torch::Tensor x = b.readings;
    if (b.calibrated) x = x.to(torch::kFloat64) * gain;
    else if (x.numel() == 0) continue;
    moments.update(x);
  }
  std::cout << "mean " << moments.mean() << "\nvar " << moments.variance()
            << "\nhist " << moments.histogram() << "\n";
  return moments.histogram().sum().item<int64_t>() > 0 ? 0 : 1;
}
