// scenario: a demand forecaster's set_precision() moves its network to float64 but the cached Fourier basis it expands coefficients with stays float32
// tier: 4
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Double but found Float
#include <torch/torch.h>

#include <cmath>
#include <iostream>
#include <memory>

namespace forecast {

enum class Precision { kFast, kStandard, kAudit };

torch::Dtype dtype_for(Precision p) {
  switch (p) {
    case Precision::kFast:
      return torch::kBFloat16;
    case Precision::kStandard:
      return torch::kFloat32;
    case Precision::kAudit:
      return torch::kFloat64;
  }
  return torch::kFloat32;
}

struct CoefficientNetImpl : torch::nn::Module {
  CoefficientNetImpl(int64_t lookback, int64_t num_harmonics) {
    encoder = register_module("encoder", torch::nn::Linear(lookback, 64));
    coeffs = register_module("coeffs", torch::nn::Linear(64, 2 * num_harmonics));
  }
  torch::Tensor forward(torch::Tensor history) {
    return coeffs->forward(torch::relu(encoder->forward(history)));
  }
  torch::nn::Linear encoder{nullptr}, coeffs{nullptr};
};
TORCH_MODULE(CoefficientNet);

// Wraps the network with the seasonal basis it predicts coefficients for.
class SeasonalForecaster {
 public:
  SeasonalForecaster(int64_t lookback, int64_t horizon, int64_t num_harmonics, double period)
      : net_(lookback, num_harmonics), horizon_(horizon) {
    basis_ = make_basis(horizon, num_harmonics, period);
  }

  void set_precision(Precision p) {
    dtype_ = dtype_for(p);
    net_->to(dtype_);
  }

  torch::Tensor predict(const torch::Tensor& history) {
    auto coeffs = net_->forward(history.to(dtype_));  // [batch, 2K]
    return torch::matmul(coeffs, basis_);  // BUG
  }

  int64_t horizon() const { return horizon_; }

 private:
  static torch::Tensor make_basis(int64_t horizon, int64_t k, double period) {
    auto t = torch::arange(horizon, torch::kFloat32).unsqueeze(0);          // [1, H]
    auto freqs = torch::arange(1, k + 1, torch::kFloat32).unsqueeze(1);     // [K, 1]
    auto angle = 2.0 * M_PI * freqs * t / period;                           // [K, H]
    return torch::cat({torch::sin(angle), torch::cos(angle)}, 0);           // [2K, H]
  }

  CoefficientNet net_;
  torch::Tensor basis_;
  torch::Dtype dtype_ = torch::kFloat32;
  int64_t horizon_;
};

torch::Tensor synthetic_sales(int64_t stores, int64_t days) {
  auto t = torch::arange(days, torch::kFloat32).unsqueeze(0).expand({stores, days});
  auto level = torch::rand({stores, 1}) * 100.0 + 50.0;
  return level + 10.0 * torch::sin(2.0 * M_PI * t / 7.0) + torch::randn({stores, days});
}

}  // namespace forecast

int main() {
  torch::manual_seed(11);
  const int64_t lookback = 28, horizon = 14;
  auto model = std::make_unique<forecast::SeasonalForecaster>(lookback, horizon, 3, 7.0);

  // Regulatory reports are produced with the audit precision.
  const bool audit_run = true;
  model->set_precision(audit_run ? forecast::Precision::kAudit : forecast::Precision::kStandard);

  auto sales = forecast::synthetic_sales(5, lookback);
  auto mean = sales.mean(1, true);
  auto scale = sales.std(1, true, true) + 1e-3;

  torch::NoGradGuard no_grad;
  auto normalized = (sales - mean) / scale;
  auto pred = model->predict(normalized);
  auto rescaled = pred * scale.to(pred.scalar_type()) + mean.to(pred.scalar_type());
  std::cout << "forecast for store 0: " << rescaled[0].slice(0, 0, 5) << "\n";
  return 0;
}
