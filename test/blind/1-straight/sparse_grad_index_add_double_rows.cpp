// scenario: accumulates sparse embedding-row updates with index_add_, the update rows computed in float64
// tier: 1
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: index_add_(): self (Float) and source (Double) must have the same scalar type
#include <torch/torch.h>
#include <iostream>
#include <vector>

int main() {
  torch::manual_seed(6);
  const int64_t rows = 10, dim = 4;
  const double lr = 0.1, max_row_norm = 1.0;

  torch::Tensor table = torch::randn({rows, dim});
  torch::Tensor grad_accum = torch::zeros_like(table);
  torch::Tensor touch_count = torch::zeros({rows}, torch::kLong);

  // Rows touched by this mini-batch (with repeats) and their gradients.
  std::vector<int64_t> batch_rows = {1, 4, 4, 7};
  torch::Tensor touched = torch::tensor(batch_rows);
  torch::Tensor row_grads = torch::randn({static_cast<int64_t>(batch_rows.size()), dim});
  touch_count.index_add_(0, touched, torch::ones_like(touched));

  // Gradient clipping per row in double precision for a stable norm.
  torch::Tensor g64 = row_grads.to(torch::kDouble);
  torch::Tensor norms = g64.norm(2, /*dim=*/1, /*keepdim=*/true);
  torch::Tensor clipped = g64 * (max_row_norm / norms.clamp_min(max_row_norm));

  grad_accum.index_add_(0, touched, clipped); // BUG

  // Average over repeats, then a plain SGD step on the touched rows only.
  torch::Tensor denom = touch_count.clamp_min(1).to(torch::kFloat).unsqueeze(1);
  table.sub_(grad_accum / denom * lr);
  torch::Tensor moved = grad_accum.abs().sum(1).gt(0).nonzero().view({-1});
  std::cout << "rows updated: " << moved << "\n";
  std::cout << "touch counts: " << touch_count << "\n";
  return 0;
}
