// scenario: affine uint8 quantise/dequantise helpers with an integer zero point and integer clamp bounds
// tier: 3
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <utility>

struct QParams {
  double scale;
  torch::Tensor zero_point;
};

static QParams choose_qparams(const torch::Tensor& x) {
  auto lo = x.min().clamp_max(0.0);
  auto hi = x.max().clamp_min(0.0);
  double scale = ((hi - lo) / 255.0).item<double>();
  if (scale == 0.0)
    scale = 1.0;
  auto zp = torch::round(-lo / scale).to(torch::kLong);
  return {scale, zp};
}

static torch::Tensor quantize(const torch::Tensor& x, const QParams& q) {
  auto qmin = torch::zeros_like(x, torch::kLong);
  auto qmax = torch::full_like(x, 255, torch::kLong);
  auto shifted = torch::round(x / q.scale) + q.zero_point;
  return torch::clamp(shifted, qmin, qmax).to(torch::kUInt8);
}

static torch::Tensor dequantize(const torch::Tensor& q, const QParams& p) {
  return (q.to(torch::kLong) - p.zero_point) * p.scale;
}

int main() {
  auto activations = torch::randn({4, 16}) * 3.0;
  auto params = choose_qparams(activations);
  auto q = quantize(activations, params);
  auto back = dequantize(q, params);
  auto err = torch::where(activations.abs() > 1.0, (back - activations).abs(), torch::zeros({}));
  std::cout << "dtype " << q.dtype() << " max err " << err.max().item<float>() << "\n";
  return 0;
}
