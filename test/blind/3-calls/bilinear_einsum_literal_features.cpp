// scenario: bilinear interaction score over hand-written feature literals; torch::tensor({2, 1, 3}) makes them int64 and einsum meets a float weight
// tier: 3
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Long but found Float
#include <torch/torch.h>
#include <iostream>
#include <string>
#include <vector>

namespace {

struct Interaction {
  torch::Tensor W;  // [d_user, d_item]
};

torch::Tensor score(const Interaction& m, const torch::Tensor& user, const torch::Tensor& items) {
  return torch::einsum("u,ui,ni->n", {user, m.W, items}); // BUG
}

torch::Tensor user_profile(bool premium) {
  // age bucket, premium flag, number of devices
  return premium ? torch::tensor({2, 1, 3}) : torch::tensor({2, 0, 1});
}

std::vector<std::string> top_items(const torch::Tensor& scores,
                                   const std::vector<std::string>& names, int64_t k) {
  std::vector<std::string> out;
  torch::Tensor order = scores.argsort(0, /*descending=*/true).slice(0, 0, k);
  for (int64_t i = 0; i < order.size(0); ++i) out.push_back(names[order[i].item<int64_t>()]);
  return out;
}

} // namespace

int main() {
  torch::manual_seed(89);
  Interaction m{torch::randn({3, 4}) * 0.1};
  std::vector<std::string> names = {"news", "music", "sports", "cooking", "travel"};
  torch::Tensor items = torch::randn({5, 4});

  for (bool premium : {true, false}) {
    torch::Tensor s = score(m, user_profile(premium), items);
    std::cout << (premium ? "premium:" : "basic:");
    for (const auto& n : top_items(s, names, 3)) std::cout << " " << n;
    std::cout << "\n";
  }
  return 0;
}
