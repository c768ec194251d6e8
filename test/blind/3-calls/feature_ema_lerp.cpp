// scenario: running feature statistics updated with lerp_ from batches the loader hands over in float64
// tier: 3
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected dtype float for `end` but got dtype double
#include <torch/torch.h>
#include <iostream>
#include <vector>

struct RunningStats {
  torch::Tensor mean;
  torch::Tensor var;
  double momentum;
};

static RunningStats make_stats(int64_t dim, double momentum) {
  return {torch::zeros({dim}), torch::ones({dim}), momentum};
}

static void update(RunningStats& s, const torch::Tensor& batch) {
  auto m = batch.mean(0);
  auto v = batch.var(0, /*unbiased=*/false);
  s.mean.lerp_(m, s.momentum); // BUG
  s.var.lerp_(v, s.momentum);
}

static torch::Tensor load_batch(std::vector<double>& raw, int64_t rows, int64_t dim) {
  return torch::from_blob(raw.data(), {rows, dim}, torch::kFloat64).clone();
}

int main() {
  const int64_t dim = 6, rows = 32;
  auto stats = make_stats(dim, 0.1);
  std::vector<double> raw(rows * dim);
  for (int step = 0; step < 4; ++step) {
    for (size_t i = 0; i < raw.size(); ++i)
      raw[i] = std::sin(0.01 * static_cast<double>(i + step * 7));
    update(stats, load_batch(raw, rows, dim));
  }
  std::cout << stats.mean << "\n" << stats.var << "\n";
  return 0;
}
