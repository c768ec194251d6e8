// scenario: operations dashboard smooths daily incident counts (bincount, int64) with a helper that runs a box filter through conv1d
// tier: 3
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Long but found Float
#include <torch/torch.h>
#include <iostream>
#include <vector>

namespace {

torch::Tensor daily_counts(const std::vector<int64_t>& incident_days, int64_t days) {
  return torch::bincount(torch::tensor(incident_days), {}, days);
}

// Centered moving average over `window` days, edge-padded.
torch::Tensor moving_average(const torch::Tensor& series, int64_t window) {
  torch::Tensor kernel = torch::ones({1, 1, window}) / static_cast<double>(window);
  torch::Tensor x = series.view({1, 1, -1});
  const int64_t pad = window / 2;
  x = torch::cat({x.narrow(2, 0, 1).expand({1, 1, pad}), x,
                  x.narrow(2, x.size(2) - 1, 1).expand({1, 1, pad})}, 2);
  return torch::conv1d(x, kernel).view({-1}); // BUG
}

torch::Tensor anomalies(const torch::Tensor& counts, const torch::Tensor& smooth, double k) {
  torch::Tensor resid = counts.to(torch::kFloat) - smooth;
  return (resid > k * resid.std()).nonzero().view({-1});
}

} // namespace

int main() {
  const int64_t days = 14;
  std::vector<int64_t> incidents = {0, 0, 1, 2, 2, 2, 2, 2, 5, 6, 9, 9, 9, 9, 9, 12, 13};
  torch::Tensor counts = daily_counts(incidents, days);
  torch::Tensor smooth = moving_average(counts, 3);
  torch::Tensor spikes = anomalies(counts, smooth, 1.5);
  std::cout << "counts " << counts << "\nsmoothed " << smooth << "\nspike days " << spikes << "\n";
  return 0;
}
