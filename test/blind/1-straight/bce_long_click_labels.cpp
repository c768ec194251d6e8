// scenario: click-through model scored with binary_cross_entropy against click labels kept as int64
// tier: 1
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Found dtype Long but expected Float
#include <torch/torch.h>
#include <iostream>
#include <vector>

namespace F = torch::nn::functional;

int main() {
  torch::manual_seed(2);
  const int64_t impressions = 12;

  torch::nn::Sequential ctr(torch::nn::Linear(5, 8), torch::nn::ReLU(),
                            torch::nn::Linear(8, 1), torch::nn::Sigmoid());
  torch::optim::Adagrad opt(ctr->parameters(), /*lr=*/0.05);

  // Dense features: position, dwell time, query length, hour, device.
  torch::Tensor features = torch::randn({impressions, 5});
  features.select(1, 0).copy_(torch::arange(impressions).remainder(4));

  // Click log: 1 when the user clicked, 0 otherwise.
  std::vector<int64_t> click_log = {0, 1, 0, 0, 1, 1, 0, 0, 0, 1, 0, 0};
  torch::Tensor clicked = torch::tensor(click_log).unsqueeze(1);

  // Position bias: top slots get clicked more regardless of relevance.
  torch::Tensor position = features.select(1, 0);
  torch::Tensor examine_prob = 1.0 / (position + 1.0);

  opt.zero_grad();
  torch::Tensor p_click = ctr->forward(features) * examine_prob.unsqueeze(1);
  torch::Tensor loss = F::binary_cross_entropy(p_click, clicked); // BUG
  loss.backward();
  opt.step();

  torch::Tensor ctr_observed = clicked.sum().to(torch::kFloat) / impressions;
  std::cout << "loss " << loss.item<float>() << " observed ctr "
            << ctr_observed.item<float>() << "\n";
  return 0;
}
