// scenario: snaps robot waypoints to the nearest node of an integer lattice built with arange/meshgrid, using cdist
// tier: 1
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: cdist only supports floating-point dtypes, X2 got: Long
#include <torch/torch.h>
#include <iostream>
#include <vector>

int main() {
  torch::manual_seed(149);
  const int64_t nx = 5, ny = 4;
  const double cell_m = 0.5;

  // Waypoints in metres from the planner.
  torch::Tensor waypoints = torch::rand({6, 2}) * torch::tensor({nx * cell_m, ny * cell_m});

  // Lattice nodes as integer cell coordinates (i, j).
  std::vector<torch::Tensor> mesh = torch::meshgrid({torch::arange(nx), torch::arange(ny)}, "ij");
  torch::Tensor nodes = torch::stack({mesh[0].reshape({-1}), mesh[1].reshape({-1})}, 1);
  torch::Tensor blocked = torch::zeros({nx * ny}, torch::kBool);
  blocked[7] = true;
  blocked[12] = true;

  // Work in cell units so that distances are comparable across maps.
  torch::Tensor wp_cells = waypoints / cell_m;
  torch::Tensor dist = torch::cdist(wp_cells, nodes); // BUG
  dist.masked_fill_(blocked.unsqueeze(0), 1e9);
  torch::Tensor nearest = dist.argmin(1);
  torch::Tensor snapped = nodes.index_select(0, nearest).to(torch::kFloat) * cell_m;
  torch::Tensor moved = (snapped - waypoints).norm(2, 1);

  // Consecutive waypoints that snapped onto the same node are merged.
  torch::Tensor same_as_prev = nearest.slice(0, 1).eq(nearest.slice(0, 0, -1));
  int64_t merged = same_as_prev.sum().item<int64_t>();
  torch::Tensor path_len = (snapped.slice(0, 1) - snapped.slice(0, 0, -1)).norm(2, 1).sum();

  std::cout << "snapped waypoints\n" << snapped << "\n";
  std::cout << "merged " << merged << " path length " << path_len.item<float>() << " m\n";
  std::cout << "max displacement " << moved.max().item<float>() << " m\n";
  return 0;
}
