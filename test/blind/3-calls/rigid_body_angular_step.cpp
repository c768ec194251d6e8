// scenario: integrates a rigid body's particles one step: tangential velocity from angular velocity and lever arms loaded from a double table
// tier: 3
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Float but found Double
#include <torch/torch.h>
#include <cmath>
#include <cstdint>
#include <iostream>
#include <utility>

namespace {

// Particle positions of the body in its reference frame, as exported by the
// CAD tool (metres, double precision).
const double kReferencePositions[] = {
    0.10, 0.00, 0.00,  -0.10, 0.00, 0.00,  0.00, 0.20, 0.00,
    0.00, -0.20, 0.00, 0.00, 0.00, 0.05,   0.00, 0.00, -0.05};

torch::Tensor load_reference_positions() {
  auto *data = const_cast<double *>(kReferencePositions);
  return torch::from_blob(data, {6, 3}, torch::kDouble).clone();
}

std::pair<torch::Tensor, torch::Tensor> centre_of_mass_frame(const torch::Tensor &positions,
                                                             const torch::Tensor &masses) {
  torch::Tensor w = masses / masses.sum();
  torch::Tensor com = (positions * w.unsqueeze(1)).sum(0);
  return {positions - com, com};
}

torch::Tensor angular_velocity(double t) {
  // Slow precession about z with a small wobble (rad/s), float32 like the
  // rest of the controller.
  return torch::tensor({0.05f * static_cast<float>(std::sin(t)), 0.0f, 1.2f});
}

torch::Tensor tangential_velocity(const torch::Tensor &omega, const torch::Tensor &lever) {
  torch::Tensor omega_rows = omega.unsqueeze(0).expand_as(lever);
  return torch::cross(omega_rows, lever, 1); // BUG
}

} // namespace

int main() {
  torch::Tensor positions = load_reference_positions();
  torch::Tensor masses = torch::tensor({1.0, 1.0, 0.5, 0.5, 2.0, 2.0}, torch::kDouble);
  auto [lever, com] = centre_of_mass_frame(positions, masses);

  const double dt = 0.01;
  torch::Tensor velocity_energy = torch::zeros({}, torch::kDouble);
  for (int step = 0; step < 10; ++step) {
    torch::Tensor omega = angular_velocity(step * dt);
    torch::Tensor v = tangential_velocity(omega, lever);
    lever = lever + v * dt;
    velocity_energy += 0.5 * (masses * v.pow(2).sum(1)).sum();
  }
  std::cout << "kinetic energy integral " << velocity_energy.item<double>() << "\n";
  std::cout << "com " << com << "\n";
  return 0;
}
