// scenario: accumulates per-bucket residual sums in a map of float tensors through a reference to the entry; the log-scale metric computes its residuals in double before index_add_
// tier: 2
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: index_add_(): self (Float) and source (Double) must have the same scalar type
#include <torch/torch.h>

#include <iostream>
#include <map>
#include <string>
#include <vector>

namespace {

constexpr int64_t kNumBuckets = 8;

struct MetricSpec {
  std::string name;
  bool log_scale;
  double max_value;
};

torch::Tensor bucketize(const torch::Tensor &values, double max_value) {
  auto scaled = (values / max_value * kNumBuckets).floor();
  return scaled.clamp(0, kNumBuckets - 1).to(torch::kLong);
}

} // namespace

int main() {
  torch::manual_seed(7);
  std::vector<MetricSpec> specs = {{"throughput", false, 4.0},
                                   {"latency_ms", true, 6.0}};

  std::map<std::string, torch::Tensor> residual_sums;
  std::map<std::string, torch::Tensor> bucket_counts;
  for (const auto &spec : specs) {
    residual_sums[spec.name] = torch::zeros({kNumBuckets});
    bucket_counts[spec.name] = torch::zeros({kNumBuckets}, torch::kLong);
  }

  for (int step = 0; step < 3; ++step) {
    auto predicted = torch::rand({64}) * 4.0;
    auto observed = (predicted + 0.1 * torch::randn({64})).clamp_min(0.0);
    for (const auto &spec : specs) {
      torch::Tensor values = observed;
      torch::Tensor residual = (observed - predicted).abs();
      if (spec.log_scale) {
        // log1p of sub-millisecond latencies loses digits in float
        values = torch::log1p(observed.to(torch::kDouble) * 100.0);
        residual = (values - torch::log1p(predicted.to(torch::kDouble) * 100.0)).abs();
      }
      auto buckets = bucketize(values, spec.max_value);
      auto &sums = residual_sums[spec.name];
      auto &counts = bucket_counts[spec.name];
      sums.index_add_(0, buckets, residual); // BUG
      counts.index_add_(0, buckets, torch::ones_like(buckets));
    }
  }

  for (const auto &spec : specs) {
    auto mean = residual_sums[spec.name] /
                bucket_counts[spec.name].clamp_min(1).to(torch::kFloat);
    std::cout << spec.name << " mean residual per bucket: " << mean << "\n";
  }
  return 0;
}
