// scenario: centers float32 sensor windows with calibration offsets from a float64 recording, per channel when configured, and projects them on a float32 PCA basis
// tier: 2
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Double but found Float
#include <torch/torch.h>
#include <iostream>
#include <random>
#include <vector>

struct PipelineConfig {
  bool per_channel_offset = true;
  int64_t window = 32;
  int64_t components = 3;
};

torch::Tensor loadCalibration(int64_t rows, int64_t channels) {
  std::mt19937 gen(11);
  std::normal_distribution<double> noise(0.0, 0.2);
  std::vector<double> values(rows * channels);
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < channels; ++c)
      values[r * channels + c] = 0.5 * c + noise(gen);
  auto options = torch::TensorOptions().dtype(torch::kFloat64);
  return torch::from_blob(values.data(), {rows, channels}, options).clone();
}

int main() {
  torch::manual_seed(3);
  PipelineConfig cfg;
  const int64_t channels = 6;

  auto calibration = loadCalibration(256, channels);
  auto basis = torch::randn({channels, cfg.components});
  basis = basis / basis.norm(2, {0}, true);

  torch::Tensor offset;
  if (cfg.per_channel_offset) {
    offset = calibration.mean(0);
  } else {
    offset = calibration.mean();
  }
  std::cout << "calibration offset: " << offset << "\n";

  std::vector<torch::Tensor> codes;
  for (int step = 0; step < 4; ++step) {
    auto window = torch::randn({cfg.window, channels}) + 0.5;
    auto centered = window - offset;
    auto projected = torch::mm(centered, basis); // BUG
    codes.push_back(projected.mean(0));
  }

  auto summary = torch::stack(codes);
  std::cout << "mean code per window:\n" << summary << "\n";
  return 0;
}
