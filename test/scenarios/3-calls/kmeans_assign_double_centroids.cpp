// scenario: k-means: the update helper accumulates centroids in float64, and the assignment helper measures float32 points against them
// tier: 3
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Float but found Double
#include <torch/torch.h>
#include <iostream>

torch::Tensor assign(const torch::Tensor &points, const torch::Tensor &centroids) {
  return torch::cdist(points, centroids).argmin(1); // BUG
}

// Mean of the points of each cluster, summed in double to limit rounding.
torch::Tensor update(const torch::Tensor &points, const torch::Tensor &labels, int64_t k) {
  auto sums = torch::zeros({k, points.size(1)}, torch::kDouble);
  sums.index_add_(0, labels, points.to(torch::kDouble));
  auto counts = torch::bincount(labels, {}, k).clamp_min(1).unsqueeze(1);
  return sums / counts;
}

int main() {
  torch::manual_seed(0);
  const int64_t k = 3;
  auto points = torch::cat({torch::randn({20, 2}) + 4, torch::randn({20, 2}) - 4, torch::randn({20, 2})});
  auto centroids = points.index_select(0, torch::tensor({0, 25, 45}));
  auto labels = assign(points, centroids);
  for (int iter = 0; iter < 5; ++iter) {
    centroids = update(points, labels, k);
    labels = assign(points, centroids);
  }
  std::cout << centroids << "\n";
  return 0;
}
