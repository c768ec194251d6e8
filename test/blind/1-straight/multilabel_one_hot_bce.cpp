// scenario: multi-label tagger trained against one-hot encoded tag ids
// tier: 1
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: result type Float can't be cast to the desired output type Long
#include <torch/torch.h>
#include <iostream>

namespace F = torch::nn::functional;

int main() {
  const int64_t batch = 16;
  const int64_t in_features = 32;
  const int64_t num_tags = 12;

  torch::nn::Linear head(in_features, num_tags);
  torch::optim::Adam opt(head->parameters(), torch::optim::AdamOptions(1e-3));

  auto features = torch::randn({batch, in_features});
  auto tag_ids = torch::randint(0, num_tags, {batch});
  auto targets = torch::one_hot(tag_ids, num_tags);

  opt.zero_grad();
  auto logits = head->forward(features);
  auto loss = F::binary_cross_entropy_with_logits(logits, targets); // BUG
  loss.backward();
  opt.step();

  std::cout << "loss " << loss.item<float>() << "\n";
  return 0;
}
