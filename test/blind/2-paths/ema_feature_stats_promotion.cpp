// scenario: a feature-store job tracks running per-column means with an EMA and switches the accumulator to float64 once the stream gets long
// tier: 2
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected dtype double for `end` but got dtype float
#include <torch/torch.h>
#include <iostream>
#include <optional>

struct StreamConfig {
  int64_t num_columns = 16;
  int64_t batch_rows = 256;
  int num_batches = 12;
  double momentum = 0.05;
  // After this many batches the EMA is kept in double to stop drift.
  std::optional<int> promote_after = 5;
};

torch::Tensor next_batch(const StreamConfig &cfg, int step) {
  auto rows = torch::randn({cfg.batch_rows, cfg.num_columns});
  return rows * (1.0 + 0.01 * step) + 0.5;
}

int main() {
  torch::manual_seed(0);
  StreamConfig cfg;
  torch::Tensor running_mean;
  int64_t rows_seen = 0;

  for (int step = 0; step < cfg.num_batches; ++step) {
    torch::Tensor batch = next_batch(cfg, step);
    torch::Tensor batch_mean = batch.mean(0);
    rows_seen += batch.size(0);

    if (!running_mean.defined()) {
      running_mean = batch_mean.clone();
      continue;
    }
    running_mean = torch::lerp(running_mean, batch_mean, cfg.momentum); // BUG

    if (cfg.promote_after && step == *cfg.promote_after &&
        running_mean.scalar_type() != torch::kDouble) {
      std::cout << "step " << step << ": promoting EMA to float64\n";
      running_mean = running_mean.to(torch::kDouble);
    }
  }

  auto drift = (running_mean - running_mean.mean()).abs().max();
  std::cout << "rows seen " << rows_seen << ", max column drift "
            << drift.item<double>() << "\n";
  return 0;
}
