// scenario: a training step runs the backbone with CPU autocast on, switches autocast off and feeds the backbone's output straight into a float32 classifier head
// tier: 5
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: mat1 and mat2 must have the same dtype
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

struct Backbone : torch::nn::Module {
  Backbone() {
    fc1 = register_module("fc1", torch::nn::Linear(20, 64));
    fc2 = register_module("fc2", torch::nn::Linear(64, 64));
  }
  torch::Tensor forward(torch::Tensor x) {
    return torch::relu(fc2(torch::relu(fc1(x))));
  }
  torch::nn::Linear fc1{nullptr}, fc2{nullptr};
};

int main() {
  torch::manual_seed(0);
  auto backbone = std::make_shared<Backbone>();
  torch::nn::Linear head(64, 5);
  std::vector<torch::Tensor> params = backbone->parameters();
  for (auto &p : head->parameters()) params.push_back(p);
  torch::optim::SGD opt(params, torch::optim::SGDOptions(0.05));

  auto inputs = torch::randn({32, 20});
  auto labels = torch::randint(0, 5, {32});

  opt.zero_grad();
  at::autocast::set_cpu_enabled(true);
  auto features = backbone->forward(inputs);
  at::autocast::set_cpu_enabled(false);
  at::autocast::clear_cache();

  // the head is kept out of autocast "for numerical stability"
  auto logits = head(features); // BUG
  auto loss = torch::nn::functional::cross_entropy(logits, labels);
  loss.backward();
  opt.step();
  std::cout << "loss " << loss.item<float>() << "\n";
  return 0;
}
