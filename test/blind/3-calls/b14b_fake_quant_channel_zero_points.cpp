// scenario: quantisation-aware training calibrates per-channel scales and zero points in a helper; the zero points come back as int64 and reach fake_quantize_per_channel_affine
// tier: 3
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: Zero-point must be Int32, Float or Half, found Long
#include <torch/torch.h>
#include <iostream>
#include <tuple>

struct QParams {
  torch::Tensor scale;
  torch::Tensor zero_point;
  int64_t axis;
};

// Asymmetric min/max calibration per output channel for a uint8 grid.
QParams calibrate_per_channel(const torch::Tensor& weight, int64_t qmin, int64_t qmax) {
  auto flat = weight.detach().flatten(1);
  auto lo = std::get<0>(flat.min(1)).clamp_max(0.0);
  auto hi = std::get<0>(flat.max(1)).clamp_min(0.0);
  auto scale = ((hi - lo) / static_cast<double>(qmax - qmin)).clamp_min(1e-8);
  auto zero_point = (qmin - torch::round(lo / scale)).clamp(qmin, qmax).to(torch::kLong);
  return {scale, zero_point, 0};
}

struct QatLinearImpl : torch::nn::Module {
  QatLinearImpl(int64_t in, int64_t out)
      : fc(register_module("fc", torch::nn::Linear(in, out))) {}

  void calibrate() { qp_ = calibrate_per_channel(fc->weight, 0, 255); }

  torch::Tensor forward(torch::Tensor x) {
    auto w = fake_quant(fc->weight);
    return torch::nn::functional::linear(x, w, fc->bias);
  }

  torch::Tensor fake_quant(const torch::Tensor& w) const {
    return torch::fake_quantize_per_channel_affine(w, qp_.scale, qp_.zero_point, qp_.axis, 0, 255); // BUG
  }

  torch::nn::Linear fc;
  QParams qp_;
};
TORCH_MODULE(QatLinear);

int main() {
  torch::manual_seed(0);
  QatLinear layer(8, 4);
  layer->calibrate();
  torch::optim::SGD opt(layer->parameters(), torch::optim::SGDOptions(0.01));
  for (int step = 0; step < 2; ++step) {
    auto x = torch::randn({5, 8});
    auto loss = layer(x).pow(2).mean();
    opt.zero_grad();
    loss.backward();
    opt.step();
    layer->calibrate();
  }
  std::cout << "qat steps done\n";
  return 0;
}
