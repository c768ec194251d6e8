// scenario: a histogram writer scatter_adds caller weights after converting them to the histogram's dtype
// tier: 3
// family: inplace-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

torch::Tensor bin_indices(const torch::Tensor &values, double lo, double hi, int64_t num_bins) {
  auto scaled = (values - lo) / (hi - lo) * num_bins;
  return scaled.floor().clamp(0, num_bins - 1).to(torch::kLong);
}

void accumulate_histogram(torch::Tensor &hist, const torch::Tensor &bins,
                          const torch::Tensor &weights) {
  hist.scatter_add_(0, bins, weights.to(hist.scalar_type()));
}

int main() {
  torch::manual_seed(0);
  auto hist = torch::zeros({8}, torch::kDouble);
  for (int step = 0; step < 3; ++step) {
    auto values = torch::rand({50});
    auto bins = bin_indices(values, 0.0, 1.0, 8);
    accumulate_histogram(hist, bins, torch::ones_like(bins));
  }
  std::cout << hist << "\n";
  return 0;
}
