// scenario: one k-means update step that accumulates per-cluster sums and integer member counts with index_add_
// tier: 1
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: index_add_(): self (Long) and source (Float) must have the same scalar type
#include <torch/torch.h>
#include <iostream>

int main() {
  torch::manual_seed(14);
  const int64_t num_points = 300, dim = 4, k = 5;

  auto true_cluster = torch::randint(0, k, {num_points});
  auto offsets = true_cluster.to(torch::kFloat).unsqueeze(1) * 3.0;
  auto points = torch::randn({num_points, dim}) + offsets;
  auto scale = points.std(0, true, true).clamp_min(1e-6);
  points = (points - points.mean(0, true)) / scale;

  auto first = torch::randint(0, num_points, {1});
  auto seed_dist = torch::cdist(points, points.index_select(0, first)).squeeze(1);
  auto rest = torch::multinomial(seed_dist.pow(2), k - 1, false);
  auto init = torch::cat({first, rest});
  auto centroids = points.index_select(0, init);

  auto distances = torch::cdist(points, centroids);
  auto assignment = distances.argmin(1);

  auto sums = torch::zeros({k, dim});
  sums.index_add_(0, assignment, points);
  auto counts = torch::zeros({k}, torch::kLong);
  counts.index_add_(0, assignment, torch::ones({num_points})); // BUG

  auto updated = sums / counts.clamp_min(1).unsqueeze(1);
  auto shift = (updated - centroids).norm(2, {1});
  auto inertia = distances.gather(1, assignment.unsqueeze(1)).pow(2).sum();

  auto purity = torch::zeros({k, k}, torch::kLong);
  purity.index_put_({assignment, true_cluster}, torch::ones({num_points}, torch::kLong), true);
  std::cout << "cluster sizes: " << counts << "\n";
  std::cout << "contingency:\n" << purity << "\n";
  std::cout << "centroid shift: " << shift << "\ninertia: " << inertia.item<double>() << "\n";
  return 0;
}
