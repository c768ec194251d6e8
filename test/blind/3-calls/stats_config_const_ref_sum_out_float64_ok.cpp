// scenario: a monitoring job passes its config by const reference and reduces float32 activations into float64 accumulators with sum_out and mean_out; reductions may write into a wider floating output
// tier: 3
// family: out-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <vector>

struct MonitorConfig {
  int64_t channels = 6;
  torch::TensorOptions accum_options = torch::TensorOptions().dtype(torch::kFloat64);
};

struct ChannelStats {
  torch::Tensor sum, sum_sq, batch_mean;
  int64_t count = 0;
};

ChannelStats make_stats(const MonitorConfig& cfg) {
  ChannelStats s;
  s.sum = torch::zeros({cfg.channels}, cfg.accum_options);
  s.sum_sq = torch::zeros({cfg.channels}, cfg.accum_options);
  s.batch_mean = torch::empty({cfg.channels}, cfg.accum_options);
  return s;
}

void observe(const MonitorConfig& cfg, ChannelStats& stats, const torch::Tensor& activations) {
  torch::Tensor partial = torch::empty({cfg.channels}, cfg.accum_options);
  const std::vector<int64_t> reduce_dims = {0};
  torch::sum_out(partial, activations, reduce_dims);
  stats.sum += partial;
  torch::sum_out(partial, activations * activations, reduce_dims);
  stats.sum_sq += partial;
  torch::mean_out(stats.batch_mean, activations, reduce_dims);
  stats.count += activations.size(0);
}

int main() {
  torch::manual_seed(79);
  const MonitorConfig cfg;
  ChannelStats stats = make_stats(cfg);
  for (int b = 0; b < 4; ++b) {
    observe(cfg, stats, torch::randn({32, cfg.channels}) * 2.0 + 1.0);
  }
  torch::Tensor mean = stats.sum / static_cast<double>(stats.count);
  torch::Tensor var = stats.sum_sq / static_cast<double>(stats.count) - mean * mean;
  std::cout << "mean " << mean << "\nvar " << var << "\nlast batch mean " << stats.batch_mean << "\n";
  return 0;
}
