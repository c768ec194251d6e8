// scenario: point-cloud augmentation rotates a float batch with a rotation matrix built from std::vector<double>
// tier: 3
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Float but found Double
#include <torch/torch.h>
#include <cmath>
#include <iostream>
#include <random>
#include <vector>

namespace {

struct AugmentConfig {
  double maxYaw = M_PI;
  double jitterSigma = 0.01;
  double maxShift = 0.2;
};

// Rotation about the up axis, row-major, as the dataset tooling writes it.
torch::Tensor rotationAboutZ(double theta) {
  const double c = std::cos(theta);
  const double s = std::sin(theta);
  std::vector<double> rows = {c, -s, 0.0,
                              s, c,  0.0,
                              0.0, 0.0, 1.0};
  return torch::from_blob(rows.data(), {3, 3}, torch::kFloat64).clone();
}

torch::Tensor randomShift(std::mt19937 &rng, double maxShift) {
  std::uniform_real_distribution<float> dist(-maxShift, maxShift);
  return torch::tensor({dist(rng), dist(rng), dist(rng)});
}

torch::Tensor applyRigid(const torch::Tensor &points, const torch::Tensor &rot,
                         const torch::Tensor &shift) {
  // points: [B, N, 3]; rotate every point, then translate.
  auto rotated = torch::matmul(points, rot.t()); // BUG
  return rotated + shift;
}

torch::Tensor jitter(const torch::Tensor &points, double sigma) {
  return points + sigma * torch::randn_like(points);
}

} // namespace

int main() {
  torch::manual_seed(3);
  std::mt19937 rng(3);
  AugmentConfig cfg;

  // A batch of 4 clouds of 256 points each, as the loader returns them.
  auto clouds = torch::rand({4, 256, 3}) * 2.0 - 1.0;

  std::uniform_real_distribution<double> yawDist(-cfg.maxYaw, cfg.maxYaw);
  auto rot = rotationAboutZ(yawDist(rng));
  auto shift = randomShift(rng, cfg.maxShift);

  auto augmented = jitter(applyRigid(clouds, rot, shift), cfg.jitterSigma);
  auto centroid = augmented.mean(1);
  std::cout << "augmented " << augmented.sizes() << " centroid[0] "
            << centroid[0] << std::endl;
  return 0;
}
