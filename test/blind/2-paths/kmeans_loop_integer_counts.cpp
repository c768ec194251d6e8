// scenario: Lloyd iterations with integer cluster counts from index_add_, uint8 masks for empty clusters, and reseeding through index_copy_
// tier: 2
// family: inplace-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

int main() {
  torch::manual_seed(17);
  const int64_t num_points = 240, dim = 3, k = 6, max_iters = 10;

  auto points = torch::randn({num_points, dim}) + torch::randint(0, 4, {num_points, 1}) * 4;
  auto centroids = points.index_select(0, torch::randperm(num_points).narrow(0, 0, k)).clone();
  auto member_ones = torch::ones({num_points}, torch::kLong);

  for (int64_t iter = 0; iter < max_iters; ++iter) {
    auto distances = torch::cdist(points, centroids);
    auto assignment = distances.argmin(1);

    auto sums = torch::zeros({k, dim});
    sums.index_add_(0, assignment, points);
    auto counts = torch::zeros({k}, torch::kLong);
    counts.index_add_(0, assignment, member_ones);

    auto updated = sums / counts.clamp_min(1).unsqueeze(1);
    auto empty = (counts == 0).to(torch::kUInt8);
    if (empty.sum().item<int64_t>() > 0) {
      auto empty_ids = empty.nonzero().squeeze(1);
      auto farthest = std::get<1>(std::get<0>(distances.min(1)).topk(empty_ids.size(0)));
      updated.index_copy_(0, empty_ids, points.index_select(0, farthest));
    }

    auto shift = (updated - centroids).norm();
    centroids = updated;
    auto half_size = counts / 2;
    std::cout << "iter " << iter << " shift " << shift.item<double>() << " sizes " << counts.sizes()
              << " half " << half_size.scalar_type() << "\n";
    if (shift.item<double>() < 1e-4)
      break;
  }

  auto final_assignment = torch::cdist(points, centroids).argmin(1);
  auto occupancy = torch::bincount(final_assignment, {}, k);
  auto far = torch::zeros({num_points});
  far.masked_fill_((std::get<0>(torch::cdist(points, centroids).min(1)) > 2.0).to(torch::kUInt8), 1.0);
  std::cout << "occupancy " << occupancy << " outliers " << far.sum().item<double>() << "\n";
  return 0;
}
