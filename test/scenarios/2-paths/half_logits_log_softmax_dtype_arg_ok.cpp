// scenario: logits are exported in float16 when the compact flag is on (the default), and the scorer asks log_softmax for a float32 result
// tier: 2
// family: half-on-cpu
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <cstring>
#include <iostream>

int main(int argc, char **argv) {
  torch::manual_seed(0);
  bool compact = true;
  for (int i = 1; i < argc; ++i)
    if (!std::strcmp(argv[i], "--full")) compact = false;

  auto logits = torch::randn({6, 10}) * 3;
  if (compact) logits = logits.to(torch::kHalf);

  auto targets = torch::randint(0, 10, {6});
  auto log_probs = torch::log_softmax(logits, 1, torch::kFloat);
  auto nll = torch::nll_loss(log_probs, targets);
  auto confidences = std::get<0>(log_probs.max(1)).exp();
  std::cout << "nll " << nll.item<float>() << " mean confidence " << confidences.mean().item<float>() << "\n";
  return 0;
}
