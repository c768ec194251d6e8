// scenario: a depth-map cleaner writes a float64 0-dim fill value into the invalid pixels with a boolean-mask index_put_, which is accepted
// tier: 1
// family: inplace-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

int main() {
  torch::manual_seed(0);
  auto depth = torch::rand({48, 64}) * 12.0;
  depth.slice(0, 0, 4).fill_(0.0); // sensor dead zone
  const double max_range = 10.0;
  auto invalid = (depth <= 0) | (depth > max_range);
  auto fill = torch::full({}, max_range, torch::kDouble);
  depth.index_put_({invalid}, fill);
  auto inverse_depth = 1.0 / depth;
  std::cout << "invalid " << invalid.sum().item<int64_t>() << " mean inverse depth " << inverse_depth.mean().item<float>() << "\n";
  return 0;
}
