// scenario: metrics code sums per-segment losses in an accumulator templated on its at::ScalarType; the float64 instantiation receives float32 per-example losses through index_add_
// tier: 3
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: index_add_(): self (Double) and source (Float) must have the same scalar type
#include <torch/torch.h>
#include <iostream>

template <at::ScalarType Acc>
class SegmentAccumulator {
 public:
  explicit SegmentAccumulator(int64_t segments)
      : sums_(torch::zeros({segments}, torch::TensorOptions().dtype(Acc))),
        counts_(torch::zeros({segments}, torch::TensorOptions().dtype(torch::kLong))) {}

  void add(const torch::Tensor& segment_ids, const torch::Tensor& values) {
    sums_.index_add_(0, segment_ids, values.detach()); // BUG
    counts_.index_add_(0, segment_ids, torch::ones_like(segment_ids));
  }

  torch::Tensor mean() const { return sums_ / counts_.clamp_min(1).to(sums_.dtype()); }

 private:
  torch::Tensor sums_;
  torch::Tensor counts_;
};

// Long evaluation runs: float32 sums drift, so the accumulator is float64.
using LossMeter = SegmentAccumulator<at::kDouble>;

int main() {
  torch::manual_seed(101);
  torch::nn::Linear model(4, 3);
  LossMeter per_domain(/*segments=*/3);
  for (int batch = 0; batch < 3; ++batch) {
    auto x = torch::randn({6, 4});
    auto y = torch::randint(0, 3, {6}, torch::kLong);
    auto domain = torch::randint(0, 3, {6}, torch::kLong);
    auto losses = torch::nn::functional::cross_entropy(
        model(x), y, torch::nn::functional::CrossEntropyFuncOptions().reduction(torch::kNone));
    per_domain.add(domain, losses);
  }
  std::cout << "per-domain loss " << per_domain.mean() << "\n";
  return 0;
}
