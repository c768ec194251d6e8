// scenario: an IMU calibration module is built in float64 by a no-grad init routine that copies the factory's float32 matrices in, and casts raw readings to its own dtype before applying them
// tier: 4
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>

#include <iostream>
#include <string>
#include <utility>
#include <vector>

namespace imu {

using NamedWeights = std::vector<std::pair<std::string, torch::Tensor>>;

// Affine correction for a 3-axis sensor: misalignment/scale matrix plus bias.
struct AxisCorrectionImpl : torch::nn::Module {
  AxisCorrectionImpl() {
    affine = register_module("affine", torch::nn::Linear(3, 3));
    smoothing = register_buffer("smoothing", torch::full({1}, 0.9));
  }

  torch::Tensor forward(const torch::Tensor& raw) {
    // Readings arrive as float32 from the driver; the correction is applied
    // in the module's own precision.
    auto x = raw.to(affine->weight.scalar_type());
    return affine->forward(x);
  }

  torch::nn::Linear affine{nullptr};
  torch::Tensor smoothing;
};
TORCH_MODULE(AxisCorrection);

// Factory data, as the EEPROM parser hands it over (float32).
NamedWeights read_factory_calibration() {
  NamedWeights w;
  w.emplace_back("affine.weight", torch::tensor({{1.002f, 0.003f, -0.001f},
                                                 {-0.002f, 0.997f, 0.004f},
                                                 {0.001f, -0.003f, 1.005f}}));
  w.emplace_back("affine.bias", torch::tensor({0.012f, -0.008f, 0.020f}));
  w.emplace_back("smoothing", torch::tensor({0.95f}));
  return w;
}

AxisCorrection build_correction(const NamedWeights& factory) {
  AxisCorrection module;
  module->to(torch::kFloat64);  // drift integration is sensitive to rounding
  torch::NoGradGuard no_grad;
  auto params = module->named_parameters();
  auto buffers = module->named_buffers();
  for (const auto& [name, value] : factory) {
    if (auto* p = params.find(name)) {
      p->copy_(value);
    } else if (auto* b = buffers.find(name)) {
      b->copy_(value);
    } else {
      std::cerr << "unused calibration entry " << name << "\n";
    }
  }
  return module;
}

torch::Tensor integrate_heading(AxisCorrection& corr, const torch::Tensor& gyro, double dt) {
  auto alpha = corr->smoothing.item<double>();
  auto rates = corr->forward(gyro);                                   // [T, 3] float64
  auto filtered = torch::zeros_like(rates);
  filtered[0] = rates[0];
  for (int64_t t = 1; t < rates.size(0); ++t)
    filtered[t] = alpha * filtered[t - 1] + (1.0 - alpha) * rates[t];
  return filtered.cumsum(0) * dt;
}

}  // namespace imu

int main() {
  torch::manual_seed(8);
  auto corr = imu::build_correction(imu::read_factory_calibration());
  corr->eval();

  const int64_t steps = 200;
  auto gyro = torch::randn({steps, 3}) * 0.02 + torch::tensor({0.0f, 0.0f, 0.1f});

  torch::NoGradGuard no_grad;
  auto heading = imu::integrate_heading(corr, gyro, 0.01);
  std::cout << "final heading (rad): " << heading[-1] << "\n";
  std::cout << "dtype: " << heading.dtype() << "\n";
  return 0;
}
