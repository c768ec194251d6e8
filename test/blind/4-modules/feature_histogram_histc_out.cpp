// scenario: histogram feature extractor reusing a preallocated count buffer across batches
// tier: 4
// family: out-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: torch.histogram: input tensor and hist tensor should have the same dtype, but got input float and hist long int
#include <torch/torch.h>
#include <iostream>
#include <vector>

class HistogramFeatures {
public:
  HistogramFeatures(int64_t bins, double lo, double hi)
      : bins_(bins), lo_(lo), hi_(hi), counts_(torch::zeros({bins}, torch::kLong)) {}

  torch::Tensor operator()(const torch::Tensor& values) {
    torch::histc_out(counts_, values.flatten(), bins_, lo_, hi_); // BUG
    auto total = counts_.sum().clamp_min(1);
    return counts_.to(torch::kFloat) / total;
  }

  int64_t bins() const { return bins_; }

private:
  int64_t bins_;
  double lo_, hi_;
  torch::Tensor counts_;
};

int main() {
  HistogramFeatures hist(16, -3.0, 3.0);
  std::vector<torch::Tensor> rows;
  for (int b = 0; b < 4; ++b)
    rows.push_back(hist(torch::randn({64, 8})));
  auto features = torch::stack(rows);
  std::cout << features.sizes() << " bins " << hist.bins() << "\n";
  return 0;
}
