// scenario: a writer helper accumulates bin counts into a float histogram with integer weights from the caller
// tier: 3
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: scatter(): Expected self.dtype to be equal to src.dtype
#include <torch/torch.h>
#include <iostream>

// Bucketizes values into `num_bins` equal-width bins over [lo, hi).
torch::Tensor bin_indices(const torch::Tensor &values, double lo, double hi, int64_t num_bins) {
  auto scaled = (values - lo) / (hi - lo) * num_bins;
  return scaled.floor().clamp(0, num_bins - 1).to(torch::kLong);
}

// Adds `weights` into `hist` at the given bins (the histogram is owned by the caller).
void accumulate_histogram(torch::Tensor &hist, const torch::Tensor &bins,
                          const torch::Tensor &weights) {
  hist.scatter_add_(0, bins, weights); // BUG
}

int main() {
  torch::manual_seed(0);
  const int64_t num_bins = 10;
  auto hist = torch::zeros({num_bins});
  for (int step = 0; step < 3; ++step) {
    auto activations = torch::randn({64}).tanh();
    auto bins = bin_indices(activations, -1.0, 1.0, num_bins);
    // Each sample counts once: the weights are built from the integer bins.
    auto weights = torch::ones_like(bins);
    accumulate_histogram(hist, bins, weights);
  }
  std::cout << (hist / hist.sum()) << "\n";
  return 0;
}
