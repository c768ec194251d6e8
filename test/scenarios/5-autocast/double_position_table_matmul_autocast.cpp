// scenario: relative-position scores multiply float32 queries by a sinusoid table built in float64 from a std::vector<double> buffer, inside a CPU autocast region
// tier: 5
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type BFloat16 but found Double
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <cmath>
#include <iostream>
#include <vector>

torch::Tensor sinusoid_table(int64_t positions, int64_t dim) {
  std::vector<double> values(positions * dim);
  for (int64_t p = 0; p < positions; ++p)
    for (int64_t i = 0; i < dim; ++i) {
      double angle = p / std::pow(10000.0, 2.0 * (i / 2) / dim);
      values[p * dim + i] = (i % 2 == 0) ? std::sin(angle) : std::cos(angle);
    }
  return torch::from_blob(values.data(), {positions, dim}, torch::kDouble).clone();
}

int main() {
  torch::manual_seed(0);
  torch::nn::Linear query_proj(32, 32);
  auto table = sinusoid_table(16, 32);
  auto hidden = torch::randn({16, 32});

  at::autocast::set_cpu_enabled(true);
  auto queries = query_proj(hidden);
  auto rel_scores = torch::matmul(queries, table.t()); // BUG
  at::autocast::set_cpu_enabled(false);
  std::cout << "relative scores " << rel_scores.sizes() << "\n";
  return 0;
}
