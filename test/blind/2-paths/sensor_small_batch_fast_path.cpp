// scenario: telemetry scorer takes an early-return fast path for small batches that skips calibration, and with it the cast of the raw float64 sensor readings to float32
// tier: 2
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: mat1 and mat2 must have the same dtype
#include <torch/torch.h>
#include <iostream>
#include <vector>

constexpr int64_t kSmallBatch = 4;

struct Calibration {
  torch::Tensor offset;  // float64, from the sensor datasheet
  torch::Tensor gain;
};

torch::Tensor score(torch::nn::Linear& head, const torch::Tensor& raw, const Calibration& cal) {
  if (raw.size(0) <= kSmallBatch) {
    // Latency path: small batches go straight to the head.
    return torch::sigmoid(head(raw)); // BUG
  }
  auto x = ((raw - cal.offset) * cal.gain).to(torch::kFloat32);
  return torch::sigmoid(head(x));
}

int main() {
  torch::manual_seed(2);
  torch::nn::Linear head(3, 1);
  head->eval();
  Calibration cal{torch::tensor({0.1, -0.2, 0.05}, torch::kFloat64),
                  torch::tensor({1.02, 0.98, 1.1}, torch::kFloat64)};

  std::vector<double> readings = {20.5, 1013.2, 0.43, 21.0, 1012.8, 0.47};
  auto raw = torch::from_blob(readings.data(), {2, 3}, torch::kFloat64).clone();

  torch::NoGradGuard no_grad;
  auto p = score(head, raw, cal);
  std::cout << "fault probability " << p.squeeze(1) << "\n";
  return 0;
}
