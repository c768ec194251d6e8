// scenario: a prioritized replay buffer writes new priorities with index_copy_; on the first pass there are no TD errors yet and the fallback priorities are built as float64
// tier: 2
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: index_copy_(): self and source expected to have the same dtype, but got (self) Float and (source) Double
#include <torch/torch.h>
#include <iostream>

int main() {
  torch::manual_seed(0);
  const int64_t capacity = 256, batch = 32;
  const double eps = 1e-3;
  auto priorities = torch::ones({capacity});
  double max_priority = 1.0;
  torch::Tensor td_errors; // undefined until the critic has run once

  for (int iteration = 0; iteration < 5; ++iteration) {
    auto idx = torch::randperm(capacity).slice(0, 0, batch);
    torch::Tensor new_p;
    if (td_errors.defined()) {
      new_p = td_errors.abs() + eps;
    } else {
      new_p = torch::full({batch}, max_priority, torch::kDouble);
    }
    priorities.index_copy_(0, idx, new_p); // BUG
    max_priority = std::max(max_priority, priorities.max().item<double>());
    td_errors = torch::randn({batch});
  }
  std::cout << "max priority " << max_priority << "\n";
  return 0;
}
