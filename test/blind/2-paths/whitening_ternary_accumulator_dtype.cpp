// scenario: feature whitening picks its accumulator dtype with a ternary on a config flag; with high-precision statistics the whitening matrix is float64 while the incoming batches stay float32
// tier: 2
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Float but found Double
#include <torch/torch.h>
#include <iostream>

struct WhiteningConfig {
  bool high_precision_stats = true;
  double eps = 1e-5;
};

int main() {
  torch::manual_seed(15);
  WhiteningConfig cfg;
  const auto acc_dtype = cfg.high_precision_stats ? torch::kFloat64 : torch::kFloat32;

  // Fit ZCA whitening on a calibration set.
  auto calib = torch::randn({256, 6}) * torch::tensor({1.0, 2.0, 0.5, 3.0, 1.0, 0.2});
  auto centered = calib.to(acc_dtype) - calib.to(acc_dtype).mean(0);
  auto cov = centered.t().mm(centered) / (calib.size(0) - 1);
  auto eig = torch::linalg_eigh(cov);
  auto evals = std::get<0>(eig), evecs = std::get<1>(eig);
  auto zca = evecs.mm(torch::diag(1.0 / torch::sqrt(evals + cfg.eps))).mm(evecs.t());
  auto mean = calib.mean(0);

  std::cout << "fitted " << zca.sizes() << " whitening in " << zca.dtype()
            << ", condition number " << (evals.max() / evals.min()).item<double>() << "\n";

  // Streaming batches from the feature extractor (float32).
  double total_var = 0;
  for (int b = 0; b < 3; ++b) {
    auto batch = torch::randn({32, 6}) * 1.5;
    auto white = torch::mm(batch - mean, zca); // BUG
    total_var += white.var(0).mean().item<double>();
    std::cout << "batch " << b << " whitened var " << white.var(0).mean().item<double>() << "\n";
  }
  std::cout << "average " << total_var / 3 << "\n";
  return 0;
}
