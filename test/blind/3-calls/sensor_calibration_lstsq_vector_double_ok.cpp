// scenario: sensor calibration fits gains with linalg_lstsq; the readings arrive as std::vector<double> but torch::tensor makes them the default float dtype, matching the design matrix
// tier: 3
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <vector>

struct Calibration {
  float gain;
  float offset;
};

torch::Tensor design_matrix(const std::vector<double>& reference) {
  torch::Tensor ref = torch::tensor(reference);  // default dtype (Float)
  return torch::stack({ref, torch::ones_like(ref)}, 1);
}

torch::Tensor fit_gain_offset(const torch::Tensor& A, const std::vector<double>& measured) {
  torch::Tensor b = torch::tensor(measured).unsqueeze(1);  // Float as well
  return std::get<0>(torch::linalg_lstsq(A, b));
}

torch::Tensor normal_equation_delta(const torch::Tensor& A, const torch::Tensor& coeffs,
                                    const std::vector<double>& measured) {
  torch::Tensor b = torch::tensor(measured).unsqueeze(1);
  return torch::linalg_solve(A.t().mm(A), A.t().mm(b)) - coeffs;
}

Calibration calibrate(const std::vector<double>& reference, const std::vector<double>& measured) {
  torch::Tensor A = design_matrix(reference);
  torch::Tensor coeffs = fit_gain_offset(A, measured);
  torch::Tensor delta = normal_equation_delta(A, coeffs, measured);
  std::cout << "normal-equation delta " << delta.abs().max().item<float>() << "\n";
  return {coeffs[0].item<float>(), coeffs[1].item<float>()};
}

int main() {
  std::vector<double> reference = {0.0, 1.0, 2.0, 3.0, 4.0};
  std::vector<double> measured = {0.11, 1.32, 2.49, 3.71, 4.90};
  Calibration c = calibrate(reference, measured);
  torch::Tensor corrected = (torch::tensor(measured) - c.offset) / c.gain;
  std::cout << "gain " << c.gain << " offset " << c.offset << "\ncorrected " << corrected << "\n";
  return 0;
}
