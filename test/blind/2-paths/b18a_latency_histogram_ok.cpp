// scenario: a latency monitor bins request timings with scatter_add_ into count and weighted-sum histograms, converting each source to the histogram's dtype on both the sampled and the full path
// tier: 2
// family: inplace-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>

#include <iostream>
#include <vector>

struct HistogramSpec {
  double lo_ms = 0.0;
  double hi_ms = 500.0;
  int64_t bins = 25;
  bool sample_only = false;
  double sample_rate = 0.25;
};

// First bin whose cumulative share reaches q.
int64_t quantile_bin(const torch::Tensor& cdf, double q) {
  return (cdf < q).sum().item<int64_t>();
}

double mean_payload(const torch::Tensor& counts, const torch::Tensor& bytes, int64_t bin) {
  auto n = counts[bin].item<int64_t>();
  return n == 0 ? 0.0 : bytes[bin].item<double>() / static_cast<double>(n);
}

int main() {
  torch::manual_seed(31);
  HistogramSpec spec;

  // Two histograms: how many requests, and how many bytes they served.
  auto counts = torch::zeros({spec.bins}, torch::kLong);
  auto bytes = torch::zeros({spec.bins}, torch::kFloat64);
  const double width = (spec.hi_ms - spec.lo_ms) / static_cast<double>(spec.bins);

  for (int window = 0; window < 6; ++window) {
    // Collector output: float32 timings, int32 payload sizes.
    auto latency = torch::rand({400}) * 450.0f + 5.0f;
    auto payload = torch::randint(200, 20000, {400}, torch::kInt);

    if (spec.sample_only || window % 3 == 2) {
      auto keep = torch::rand({latency.size(0)}) < spec.sample_rate;
      latency = latency.masked_select(keep);
      payload = payload.masked_select(keep);
    }

    auto bin = ((latency - spec.lo_ms) / width).floor().clamp(0, spec.bins - 1).to(torch::kLong);

    torch::Tensor ones;
    if (window == 0) {
      ones = torch::ones({bin.size(0)}, counts.options());
    } else {
      ones = torch::ones_like(bin);  // bin is already int64
    }
    counts.scatter_add_(0, bin, ones);
    bytes.scatter_add_(0, bin, payload.to(bytes.scalar_type()));
  }

  auto total = counts.sum().item<int64_t>();
  auto cdf = counts.cumsum(0).to(torch::kDouble) / static_cast<double>(total);
  std::cout << "requests: " << total << "\n";
  for (double q : std::vector<double>{0.5, 0.9, 0.99}) {
    auto b = quantile_bin(cdf, q);
    std::cout << "p" << static_cast<int>(q * 100) << " <= " << (b + 1) * width << " ms, "
              << mean_payload(counts, bytes, b) << " bytes/request in that bin\n";
  }
  return 0;
}
