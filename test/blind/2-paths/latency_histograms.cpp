// scenario: per-window latency histograms and per-service totals accumulated into float64 counters
// tier: 2
// family: inplace-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

int main() {
  torch::manual_seed(17);
  const int64_t num_services = 5;
  const int64_t requests_per_window = 400;
  const int num_windows = 4;

  auto boundaries = torch::tensor({1.0f, 2.0f, 5.0f, 10.0f, 20.0f, 50.0f, 100.0f, 200.0f});
  const bool compact_indices = boundaries.numel() < 128;

  auto counts = torch::zeros({boundaries.numel() + 1}, torch::kDouble);
  auto totals = torch::zeros({num_services}, torch::kDouble);
  auto requests = torch::zeros({num_services}, torch::kLong);
  auto peak = torch::zeros({num_services});

  for (int w = 0; w < num_windows; ++w) {
    // Latencies arrive in milliseconds as float32, service ids as int32.
    auto latency = torch::rand({requests_per_window}).pow(3) * 300.0f;
    auto service = torch::randint(0, num_services, {requests_per_window}, torch::kInt);

    torch::Tensor bucket;
    if (compact_indices) {
      bucket = torch::bucketize(latency, boundaries, /*out_int32=*/true);
      bucket = bucket.to(torch::kLong);
    } else {
      bucket = torch::bucketize(latency, boundaries);
    }

    counts.scatter_add_(0, bucket, torch::ones_like(bucket, counts.options()));
    totals.index_add_(0, service, latency.to(totals.scalar_type()));
    requests.index_add_(0, service, torch::ones_like(service, requests.options()));

    auto window_peak = torch::zeros_like(peak);
    window_peak.scatter_reduce_(0, service.to(torch::kLong), latency, "amax",
                                /*include_self=*/false);
    peak = torch::maximum(peak, window_peak);

    // Clamp the few pathological requests before the window summary.
    auto slow = latency > 250.0f;
    if (slow.any().item<bool>())
      latency.masked_scatter_(slow, torch::full({slow.sum().item<int64_t>()}, 250.0f));

    std::cout << "window " << w << " mean " << latency.mean().item<float>() << " ms, slow "
              << slow.sum().item<int64_t>() << "\n";
  }

  auto mean_latency = totals / requests.to(torch::kDouble).clamp_min(1);
  auto cdf = counts.cumsum(0) / counts.sum();

  std::cout << "histogram " << counts << "\n";
  std::cout << "p(<=20ms) " << cdf[4].item<double>() << "\n";
  std::cout << "per-service mean " << mean_latency << "\n";
  std::cout << "per-service peak " << peak << "\n";

  auto seen = counts.sum().item<double>();
  return seen == static_cast<double>(num_windows * requests_per_window) ? 0 : 1;
}
