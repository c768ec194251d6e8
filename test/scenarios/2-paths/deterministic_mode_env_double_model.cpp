// scenario: unless FAST_MODE is set, a test harness switches the model to float64 for reproducible numbers, but the batch it feeds stays float32
// tier: 2
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: mat1 and mat2 must have the same dtype
#include <torch/torch.h>
#include <cstdlib>
#include <iostream>

int main() {
  torch::manual_seed(0);
  const bool deterministic = std::getenv("FAST_MODE") == nullptr;

  torch::nn::Sequential model(torch::nn::Linear(10, 32), torch::nn::GELU(),
                              torch::nn::Linear(32, 3));
  if (deterministic) {
    model->to(torch::kDouble);
    torch::set_num_threads(1);
  }
  model->eval();

  auto batch = torch::randn({8, 10});
  torch::NoGradGuard no_grad;
  auto logits = model->forward(batch); // BUG
  auto probs = torch::softmax(logits, 1);
  std::cout << "class probabilities of sample 0: " << probs[0] << "\n";
  return 0;
}
