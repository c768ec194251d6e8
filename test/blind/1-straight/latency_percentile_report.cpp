// scenario: a metrics exporter estimates p50/p90/p99 request latency by interpolating inside histogram buckets
// tier: 1
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected dtype float for `weight` but got dtype double
#include <torch/torch.h>
#include <iomanip>
#include <iostream>

int main() {
  torch::manual_seed(7);
  // One scrape window of request latencies in whole milliseconds.
  torch::Tensor latency_ms = torch::randint(1, 900, {4096});
  latency_ms.index_put_({latency_ms.gt(850)}, 2400);

  // Upper bucket bounds as configured in the exporter (float, in ms).
  torch::Tensor bounds = torch::tensor(
      {0.f, 5.f, 10.f, 25.f, 50.f, 100.f, 250.f, 500.f, 1000.f, 2500.f, 5000.f});
  const int64_t num_buckets = bounds.size(0);

  torch::Tensor bucket_of = torch::bucketize(latency_ms, bounds);
  torch::Tensor counts = torch::bincount(bucket_of, /*weights=*/{}, num_buckets);

  // Accumulate in double so the tail of a busy window does not lose counts.
  torch::Tensor cdf = torch::cumsum(counts, 0, torch::kDouble);
  cdf = cdf / cdf[-1];

  torch::Tensor quantiles = torch::tensor({0.5f, 0.9f, 0.99f});
  torch::Tensor hi_bucket = torch::searchsorted(cdf, quantiles).clamp(1, num_buckets - 1);
  torch::Tensor lo_bucket = hi_bucket - 1;

  torch::Tensor cdf_lo = cdf.index_select(0, lo_bucket);
  torch::Tensor cdf_hi = cdf.index_select(0, hi_bucket);
  torch::Tensor frac = ((quantiles - cdf_lo) / (cdf_hi - cdf_lo).clamp_min(1e-12)).clamp(0.0, 1.0);

  torch::Tensor edge_lo = bounds.index_select(0, lo_bucket);
  torch::Tensor edge_hi = bounds.index_select(0, hi_bucket);
  torch::Tensor estimate = torch::lerp(edge_lo, edge_hi, frac); // BUG

  const char *names[] = {"p50", "p90", "p99"};
  for (int64_t i = 0; i < estimate.size(0); ++i)
    std::cout << names[i] << " " << std::fixed << std::setprecision(1)
              << estimate[i].item<float>() << " ms\n";
  return 0;
}
