// scenario: an EMA writer updates float32 shadow weights in place from float64 parameters; mul_/add_ cast back to the shadow's dtype
// tier: 3
// family: inplace-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <vector>

void ema_update_(std::vector<torch::Tensor> &shadow, const std::vector<torch::Tensor> &params,
                 double decay) {
  torch::NoGradGuard no_grad;
  for (size_t i = 0; i < shadow.size(); ++i)
    shadow[i].mul_(decay).add_(params[i], 1.0 - decay);
}

int main() {
  torch::manual_seed(0);
  // The optimiser runs in double (a gradient-check configuration).
  std::vector<torch::Tensor> params = {torch::randn({4, 4}, torch::kDouble),
                                       torch::randn({4}, torch::kDouble)};
  std::vector<torch::Tensor> shadow;
  for (const auto &p : params)
    shadow.push_back(p.to(torch::kFloat));
  for (int step = 0; step < 5; ++step) {
    for (auto &p : params)
      p.add_(torch::randn_like(p) * 0.01);
    ema_update_(shadow, params, 0.9);
  }
  auto y = torch::mv(shadow[0], torch::ones({4})) + shadow[1];
  std::cout << y << "\n";
  return 0;
}
