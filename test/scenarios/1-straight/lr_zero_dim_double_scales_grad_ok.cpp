// scenario: a hand-written SGD step keeps the learning rate as a 0-dim float64 tensor; multiplying the float32 gradient by it stays float32, so sub_ and the next matmul are fine
// tier: 1
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

int main() {
  torch::manual_seed(0);
  auto w = torch::randn({8, 3}, torch::requires_grad());
  auto x = torch::randn({16, 8});
  auto y = torch::randn({16, 3});
  auto lr = torch::tensor(0.05, torch::kDouble);
  auto loss = (torch::mm(x, w) - y).pow(2).mean();
  loss.backward();
  {
    torch::NoGradGuard no_grad;
    auto update = w.grad() * lr; // 0-dim tensors do not promote a dimensioned float32 tensor
    w.sub_(update);
  }
  auto new_loss = (torch::mm(x, w) - y).pow(2).mean();
  std::cout << "loss " << loss.item<float>() << " -> " << new_loss.item<float>() << "\n";
  return 0;
}
