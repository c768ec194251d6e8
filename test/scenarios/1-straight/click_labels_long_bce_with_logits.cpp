// scenario: a click model trains with binary_cross_entropy_with_logits, but the click labels are built with torch::tensor of 0/1 integers and stay int64
// tier: 1
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: result type Float can't be cast to the desired output type Long
#include <torch/torch.h>
#include <iostream>

int main() {
  torch::manual_seed(0);
  torch::nn::Linear ranker(16, 1);
  torch::optim::SGD opt(ranker->parameters(), 0.1);
  auto features = torch::randn({8, 16});
  auto clicked = torch::tensor({1, 0, 0, 1, 0, 0, 0, 1}).unsqueeze(1);
  opt.zero_grad();
  auto logits = ranker(features);
  auto loss = torch::nn::functional::binary_cross_entropy_with_logits(logits, clicked); // BUG
  loss.backward();
  opt.step();
  std::cout << "loss " << loss.item<float>() << "\n";
  return 0;
}
