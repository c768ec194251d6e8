// scenario: recommender decodes packed feature flags; a scaling option converts the flags to float before the bit tests
// tier: 2
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: "bitwise_and_cpu" not implemented for 'Float'
#include <torch/torch.h>
#include <iostream>
#include <string>
#include <vector>

struct FlagConfig {
  bool rescale_to_unit = false;
  std::vector<int64_t> bits = {1, 2, 4, 8};
};

int main() {
  FlagConfig cfg;
  cfg.rescale_to_unit = true;

  // Each user row packs four boolean features into one int64.
  torch::Tensor packed = torch::tensor({5, 12, 3, 15, 0, 8});
  torch::Tensor flags = packed;

  if (cfg.rescale_to_unit) {
    // Downstream dense layers like inputs in [0, 1].
    flags = flags.to(torch::kFloat) / 15.0;
  }

  std::vector<torch::Tensor> columns;
  for (size_t i = 0; i < cfg.bits.size(); ++i) {
    int64_t bit = cfg.bits[i];
    torch::Tensor unscaled = cfg.rescale_to_unit ? flags * 15.0 : flags;
    torch::Tensor set = unscaled.bitwise_and(bit).ne(0); // BUG
    columns.push_back(set.to(torch::kFloat));
  }

  torch::Tensor dense = torch::stack(columns, 1);
  torch::Tensor popularity = dense.sum(0);
  std::cout << "feature matrix\n" << dense << "\npopularity " << popularity << "\n";
  return 0;
}
