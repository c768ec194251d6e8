// scenario: feature whitening picks its accumulator dtype with a ternary on a config flag and converts each incoming batch to that same dtype before applying the float64 whitening matrix
// tier: 2
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

struct WhiteningConfig {
  bool high_precision_stats = true;
  double eps = 1e-5;
};

struct Whitener {
  torch::Tensor mean, zca;
  torch::ScalarType dtype;
};

int main() {
  torch::manual_seed(15);
  WhiteningConfig cfg;
  Whitener w;
  w.dtype = cfg.high_precision_stats ? torch::kFloat64 : torch::kFloat32;

  auto calib = (torch::randn({256, 6}) * torch::tensor({1.0, 2.0, 0.5, 3.0, 1.0, 0.2})).to(w.dtype);
  w.mean = calib.mean(0);
  auto centered = calib - w.mean;
  auto cov = centered.t().mm(centered) / (calib.size(0) - 1);
  auto eig = torch::linalg_eigh(cov);
  auto evecs = std::get<1>(eig);
  w.zca = evecs.mm(torch::diag(1.0 / torch::sqrt(std::get<0>(eig) + cfg.eps))).mm(evecs.t());

  for (int b = 0; b < 3; ++b) {
    auto batch = torch::randn({32, 6});
    auto white = torch::mm(batch.to(w.dtype) - w.mean, w.zca);
    auto for_model = white.to(torch::kFloat32);
    std::cout << "batch " << b << " whitened var " << for_model.var(0).mean().item<float>() << "\n";
  }
  return 0;
}
