// scenario: projection helper casts its input to the weights' dtype with type_as, so callers may pass float64 data
// tier: 3
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <vector>

torch::Tensor project(const torch::Tensor &x, const torch::Tensor &weights) {
  auto xs = x.type_as(weights);
  return torch::mm(xs, weights);
}

torch::Tensor from_sensor_readings(const std::vector<double> &readings, int64_t dim) {
  return torch::tensor(readings, torch::kDouble).view({-1, dim});
}

int main() {
  torch::manual_seed(0);
  auto weights = torch::randn({4, 2});
  std::vector<double> readings = {0.1, 0.5, -1.2, 3.3, 2.0, 0.0, 0.25, -0.75};
  auto x = from_sensor_readings(readings, 4);
  auto y = project(x, weights);
  std::cout << y << "\n";
  return 0;
}
