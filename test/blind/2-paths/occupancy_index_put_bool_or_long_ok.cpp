// scenario: occupancy grid update marks cells via a bool mask or via int64 row/col indices; both index_put_ forms are valid
// tier: 2
// family: inplace-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

enum class Sensor { Lidar, Sonar };

int main() {
  torch::manual_seed(53);
  const int64_t H = 6, W = 6;
  torch::Tensor grid = torch::zeros({H, W});
  torch::Tensor hits = torch::zeros({H, W}, torch::kLong);

  for (int sweep = 0; sweep < 4; ++sweep) {
    Sensor s = (sweep % 2 == 0) ? Sensor::Lidar : Sensor::Sonar;
    torch::Tensor readings = torch::rand({H, W});
    if (s == Sensor::Lidar) {
      // Dense lidar sweep: threshold into a bool mask.
      torch::Tensor hit = readings > 0.8;
      grid.index_put_({hit}, 1.0);
      hits.index_put_({hit}, torch::ones({}, torch::kLong), /*accumulate=*/true);
      // Decay free cells with a tensor of the grid's own dtype.
      torch::Tensor free_cells = readings < 0.1;
      grid.index_put_({free_cells}, torch::zeros({}, grid.options()));
    } else {
      // Sparse sonar returns: explicit coordinates as int64.
      torch::Tensor rows = torch::randint(0, H, {5});
      torch::Tensor cols = torch::randint(0, W, {5});
      torch::Tensor conf = torch::rand({5});
      grid.index_put_({rows, cols}, conf, /*accumulate=*/true);
      grid.clamp_(0.0, 1.0);
    }
  }
  // where with a bool condition and a Long other promotes to Float.
  torch::Tensor snapped = torch::where(grid > 0.5, grid, torch::zeros({H, W}, torch::kLong));
  std::cout << "occupied cells " << (grid > 0.5).sum().item<int64_t>() << " lidar hits "
            << hits.sum().item<int64_t>() << "\n" << snapped << "\n";
  return 0;
}
