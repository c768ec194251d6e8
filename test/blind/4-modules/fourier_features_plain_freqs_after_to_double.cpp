// scenario: random Fourier feature ridge regression fitted in float64; the frozen frequency matrix is a plain member that to(kDouble) never converts
// tier: 4
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Double but found Float
#include <torch/torch.h>
#include <cmath>
#include <iostream>

// Approximates an RBF kernel: phi(x) = sqrt(2/D) * cos(x W + b).
struct FourierFeaturesImpl : torch::nn::Module {
  FourierFeaturesImpl(int64_t in_dim, int64_t num_features, double bandwidth)
      : scale_(std::sqrt(2.0 / static_cast<double>(num_features))) {
    // Sampled once and frozen, so it is kept out of parameters().
    freqs_ = torch::randn({in_dim, num_features}) / bandwidth;
    phases_ = register_buffer("phases", torch::rand({num_features}) * 2.0 * M_PI);
  }

  torch::Tensor forward(const torch::Tensor& x) {
    auto proj = torch::mm(x, freqs_); // BUG
    return scale_ * torch::cos(proj + phases_);
  }

  double scale_;
  torch::Tensor freqs_;
  torch::Tensor phases_;
};
TORCH_MODULE(FourierFeatures);

struct RidgeFit {
  torch::Tensor weights;
  double train_rmse;
};

// Closed-form ridge regression on the random features.  The normal equations
// are badly conditioned in float32, so the whole fit runs in float64.
RidgeFit fit_ridge(FourierFeatures features, const torch::Tensor& x,
                   const torch::Tensor& y, double lambda) {
  torch::NoGradGuard no_grad;
  features->to(torch::kDouble);
  auto xd = x.to(torch::kDouble);
  auto yd = y.to(torch::kDouble);
  auto phi = features->forward(xd);
  auto gram = phi.t().mm(phi) +
              lambda * torch::eye(phi.size(1), torch::kDouble);
  auto w = torch::inverse(gram).mm(phi.t().mm(yd));
  auto resid = phi.mm(w) - yd;
  return {w, std::sqrt(resid.pow(2).mean().item<double>())};
}

int main() {
  torch::manual_seed(0);
  const int64_t n = 64;
  auto x = torch::linspace(-3.0, 3.0, n).unsqueeze(1);
  auto y = torch::sin(2.0 * x) + 0.05 * torch::randn({n, 1});

  FourierFeatures features(/*in_dim=*/1, /*num_features=*/32, /*bandwidth=*/0.8);
  auto fit = fit_ridge(features, x, y, 1e-3);
  std::cout << "train rmse " << fit.train_rmse << "\n";
  return 0;
}
