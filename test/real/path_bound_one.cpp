// Real-header tier: MaxPathsPerBlock 1 turns path sensitivity off. The bug
// that needs the `low_precision` branch is then not reported (the join is
// not definite); the straight-line one still is. The same function with the
// default bound is in paths_by_flag.cpp.
// REAL-OPTIONS: MaxPathsPerBlock: 1
#include <torch/torch.h>

torch::Tensor project(const torch::Tensor &features, bool low_precision) {
  auto weight = torch::randn({16, 8});
  auto x = features;
  if (low_precision)
    x = x.to(torch::kHalf);
  return torch::mm(x, weight);
}

torch::Tensor always(const torch::Tensor &features) {
  auto weight = torch::randn({16, 8}, torch::kDouble);
  return torch::mm(features.to(torch::kFloat), weight);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'mm' requires operands of the same dtype but gets Float and Double
}
