// scenario: a density model computes a feature covariance with matmul under CPU autocast and takes its log-determinant for a Gaussian log-likelihood
// tier: 5
// family: autocast-unsafe-op
// expect: bug
// verified: cpu-1.13.1
// raises: linalg.slogdet: Low precision dtypes not supported. Got BFloat16
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <cmath>
#include <iostream>

struct GaussianScore {
  torch::Tensor mean, cov;
  void fit(const torch::Tensor &feats) {
    mean = feats.mean(0);
    auto centered = feats - mean;
    cov = torch::matmul(centered.t(), centered) / (feats.size(0) - 1);
    cov.diagonal().add_(1e-3);
  }
  double log_norm_const() const {
    auto sd = torch::linalg_slogdet(cov); // BUG
    return -0.5 * (std::get<1>(sd).item<double>() + cov.size(0) * std::log(2 * M_PI));
  }
};

int main() {
  torch::manual_seed(0);
  torch::NoGradGuard no_grad;
  torch::nn::Linear embed(20, 8);
  auto samples = torch::randn({200, 20});

  at::autocast::set_cpu_enabled(true);
  GaussianScore score;
  score.fit(embed(samples));
  std::cout << "log normalizer " << score.log_norm_const() << "\n";
  at::autocast::set_cpu_enabled(false);
  return 0;
}
