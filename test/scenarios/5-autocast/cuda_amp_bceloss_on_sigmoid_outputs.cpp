// scenario: a GPU multi-label training step ports its Python loop to LibTorch, wraps the forward and the loss in CUDA autocast and keeps nn::BCELoss on sigmoid outputs
// tier: 5
// family: autocast-unsafe-op
// expect: bug
// verified: source
// source: aten/src/ATen/autocast_mode.cpp (1.13.1): binary_cross_entropy_banned, registered for aten::binary_cross_entropy under the Autocast (CUDA) dispatch key, raises AT_ERROR for any call with CUDA tensors while autocast is enabled (the CPU build of 1.13.1 carries the same registration and text)
// raises: torch.nn.functional.binary_cross_entropy and torch.nn.BCELoss are unsafe to autocast
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

struct AttributeNetImpl : torch::nn::Module {
  AttributeNetImpl(int64_t in, int64_t attrs)
      : body(register_module("body", torch::nn::Sequential(
            torch::nn::Linear(in, 256), torch::nn::ReLU(), torch::nn::Linear(256, attrs)))) {}
  torch::Tensor forward(const torch::Tensor &x) { return torch::sigmoid(body->forward(x)); }
  torch::nn::Sequential body;
};
TORCH_MODULE(AttributeNet);

int main() {
  torch::manual_seed(0);
  torch::Device gpu(torch::kCUDA);
  AttributeNet net(512, 40);
  net->to(gpu);
  torch::optim::Adam opt(net->parameters(), torch::optim::AdamOptions(1e-4));
  torch::nn::BCELoss criterion;

  auto feats = torch::randn({64, 512}, gpu);
  auto attrs = torch::randint(0, 2, {64, 40}, gpu).to(torch::kFloat);

  opt.zero_grad();
  at::autocast::set_enabled(true);
  auto probs = net(feats);
  auto loss = criterion(probs, attrs); // BUG
  at::autocast::set_enabled(false);
  at::autocast::clear_cache();
  loss.backward();
  opt.step();
  std::cout << "loss " << loss.item<float>() << "\n";
  return 0;
}
