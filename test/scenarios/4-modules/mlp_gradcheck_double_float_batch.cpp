// scenario: an MLP is converted to float64 for a gradient check, then the training loop keeps feeding float32 batches
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: mat1 and mat2 must have the same dtype
#include <torch/torch.h>
#include <iostream>

struct MLPImpl : torch::nn::Module {
  MLPImpl(int64_t in, int64_t hidden, int64_t out)
      : fc1(register_module("fc1", torch::nn::Linear(in, hidden))),
        fc2(register_module("fc2", torch::nn::Linear(hidden, out))) {}

  torch::Tensor forward(torch::Tensor x) {
    x = torch::relu(fc1(x)); // BUG
    return fc2(x);
  }

  torch::nn::Linear fc1, fc2;
};
TORCH_MODULE(MLP);

int main() {
  torch::manual_seed(0);
  MLP model(6, 16, 2);
  // Finite-difference gradient checks need double precision.
  model->to(torch::kDouble);
  auto probe = torch::randn({2, 6}, torch::kDouble);
  std::cout << "probe out " << model->forward(probe).sum().item<double>() << "\n";

  torch::optim::SGD opt(model->parameters(), 0.1);
  for (int step = 0; step < 3; ++step) {
    auto x = torch::randn({8, 6});
    auto y = torch::randint(0, 2, {8});
    opt.zero_grad();
    auto loss = torch::nn::functional::cross_entropy(model->forward(x), y);
    loss.backward();
    opt.step();
  }
  return 0;
}
