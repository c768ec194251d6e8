// scenario: a churn model concatenates float32 usage features with int64 count columns and a float64 tenure column; cat promotes, and the result is cast once before the float32 projection
// tier: 1
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

int main() {
  torch::manual_seed(0);
  auto usage = torch::rand({6, 4});                   // float32
  auto support_tickets = torch::randint(0, 5, {6, 2}); // int64
  auto dense = torch::cat({usage, support_tickets}, 1); // promoted to float32
  auto weights = torch::randn({6, 1});
  auto partial = torch::mm(dense, weights);
  auto tenure_years = torch::rand({6, 1}, torch::kDouble) * 10;
  auto risk = partial - 0.05 * tenure_years;           // float32 - float64 -> float64
  std::cout << "mean churn risk " << risk.mean().item<double>() << " (" << risk.dtype() << ")\n";
  return 0;
}
