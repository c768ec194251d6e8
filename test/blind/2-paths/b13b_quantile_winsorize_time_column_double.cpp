// scenario: winsorizes every numeric column of a tabular batch at its 1st/99th percentiles; the event-time column is kept in float64 so epoch seconds keep their precision
// tier: 2
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: quantile() q tensor must be same dtype as the input tensor
#include <torch/torch.h>
#include <iostream>
#include <map>
#include <string>

namespace {

struct Column {
  torch::Tensor values;
  bool is_time = false;
};

std::map<std::string, Column> load_batch(int64_t rows) {
  torch::manual_seed(3);
  std::map<std::string, Column> cols;
  cols["amount"] = {torch::randn({rows}) * 40 + 100, false};
  cols["latency_ms"] = {torch::rand({rows}) * 250, false};
  // epoch seconds do not fit float32's mantissa: stored as float64
  cols["event_time"] = {torch::arange(rows, torch::kDouble) * 0.25 + 1.7e9, true};
  return cols;
}

} // namespace

int main() {
  auto cols = load_batch(64);
  // lower and upper clipping percentiles, shared by every column
  const auto q = torch::tensor({0.01, 0.99});

  std::map<std::string, std::pair<double, double>> clip_log;
  for (auto &kv : cols) {
    torch::Tensor x = kv.second.values;
    if (kv.second.is_time) {
      // seconds since the first event of the batch
      x = x - x.min();
    } else if (x.min().item<double>() < 0) {
      x = x.abs();
    }
    auto bounds = torch::quantile(x, q); // BUG
    auto lo = bounds[0].item<double>();
    auto hi = bounds[1].item<double>();
    kv.second.values = x.clamp(lo, hi);
    clip_log[kv.first] = {lo, hi};
  }

  for (const auto &kv : clip_log)
    std::cout << kv.first << ": [" << kv.second.first << ", " << kv.second.second << "]\n";
  return 0;
}
