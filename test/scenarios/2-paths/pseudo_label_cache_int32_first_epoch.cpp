// scenario: self-training fills an int32 pseudo-label cache from the teacher in the first epoch and uses the cache directly as the nll_loss target
// tier: 2
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Long but found Int
#include <torch/torch.h>
#include <iostream>

int main() {
  torch::manual_seed(0);
  const int64_t n = 40, classes = 4;
  torch::nn::Linear teacher(12, classes), student(12, classes);
  torch::optim::SGD opt(student->parameters(), 0.05);
  auto unlabeled = torch::randn({n, 12});
  auto pseudo_labels = torch::full({n}, -1, torch::kInt); // -1 = not labeled yet

  for (int epoch = 0; epoch < 3; ++epoch) {
    if (epoch == 0) {
      torch::NoGradGuard no_grad;
      pseudo_labels.copy_(teacher(unlabeled).argmax(1));
    }
    opt.zero_grad();
    auto log_probs = torch::log_softmax(student(unlabeled), 1);
    auto loss = torch::nll_loss(log_probs, pseudo_labels); // BUG
    loss.backward();
    opt.step();
    std::cout << "epoch " << epoch << " loss " << loss.item<float>() << "\n";
  }
  return 0;
}
