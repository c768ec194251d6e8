// scenario: a covariance estimator converts the samples and the prior to float64 under the same flag, in two separate places
// tier: 2
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <cstring>
#include <iostream>

int main(int argc, char **argv) {
  torch::manual_seed(0);
  bool high_precision = true;
  for (int i = 1; i < argc; ++i)
    if (!std::strcmp(argv[i], "--fp32")) high_precision = false;

  const int64_t n = 200, d = 8;
  auto samples = torch::randn({n, d});
  if (high_precision) samples = samples.to(torch::kDouble);
  auto centered = samples - samples.mean(0, true);

  auto prior = torch::eye(d) * 0.1;
  const double shrinkage = 0.05;
  if (high_precision) prior = prior.to(torch::kDouble);

  auto cov = torch::addmm(prior, centered.t(), centered, 1.0 - shrinkage, 1.0 / (n - 1));
  auto whitened = torch::mm(centered, torch::linalg_cholesky(cov).inverse().t());
  std::cout << "whitened variance " << whitened.var(0).mean().item<double>() << "\n";
  return 0;
}
