// scenario: detection post-processing accumulates a keep mask by multiplying float indicators, then masked_select
// tier: 2
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: masked_select: expected BoolTensor or ByteTensor for mask
#include <torch/torch.h>
#include <iostream>
#include <vector>

struct Filter {
  const char* name;
  torch::Tensor pass;
  bool enabled;
};

int main() {
  torch::manual_seed(47);
  const int64_t boxes = 8;
  torch::Tensor scores = torch::rand({boxes});
  torch::Tensor widths = torch::rand({boxes}) * 40.0;
  torch::Tensor heights = torch::rand({boxes}) * 40.0;
  torch::Tensor aspect = widths / heights.clamp_min(1e-3);

  std::vector<Filter> filters = {
      {"score", scores > 0.2, true},
      {"min-width", widths > 5.0, true},
      {"min-height", heights > 5.0, true},
      {"aspect", aspect.lt(4.0).logical_and(aspect.gt(0.25)), false},
  };

  // keep = product of the enabled indicators; starts as all ones.
  torch::Tensor keep = torch::ones({boxes});
  for (const auto& f : filters) {
    if (!f.enabled) continue;
    keep = keep * f.pass;
    std::cout << f.name << " leaves " << keep.sum().item<float>() << "\n";
  }

  torch::Tensor kept_scores = scores.masked_select(keep); // BUG
  torch::Tensor order = kept_scores.argsort(0, true);
  std::cout << "kept " << kept_scores.numel() << " best first " << order << "\n";
  return 0;
}
