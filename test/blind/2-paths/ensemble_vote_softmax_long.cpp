// scenario: ensemble of classifiers tallies hard votes with one_hot and turns the tally into soft labels with softmax
// tier: 2
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: "softmax_lastdim_kernel_impl" not implemented for 'Long'
#include <torch/torch.h>
#include <iostream>
#include <vector>

enum class Aggregation { Majority, Soft };

int main() {
  torch::manual_seed(12);
  const int64_t n = 6, classes = 4, members = 5;
  Aggregation mode = Aggregation::Soft;
  const double temperature = 1.5;

  std::vector<torch::nn::Linear> members_fc;
  for (int64_t m = 0; m < members; ++m) members_fc.emplace_back(3, classes);

  torch::NoGradGuard ng;
  torch::Tensor x = torch::randn({n, 3});
  torch::Tensor tally = torch::zeros({n, classes}, torch::kLong);
  for (auto& fc : members_fc) {
    torch::Tensor vote = fc->forward(x).argmax(1);
    tally += torch::one_hot(vote, classes);
  }

  torch::Tensor target;
  switch (mode) {
  case Aggregation::Majority:
    target = tally.argmax(1);
    break;
  case Aggregation::Soft: {
    torch::Tensor scaled = tally / temperature;
    torch::Tensor sharpened = tally * 2;
    target = torch::softmax(sharpened, 1); // BUG
    (void)scaled;
    break;
  }
  }

  std::cout << "tally\n" << tally << "\ntargets\n" << target << "\n";
  return 0;
}
