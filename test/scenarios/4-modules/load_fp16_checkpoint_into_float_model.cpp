// scenario: a float16 checkpoint is copied into a float32 model's parameters with copy_, so float32 inference works
// tier: 4
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <map>
#include <string>

struct NetImpl : torch::nn::Module {
  NetImpl() {
    conv = register_module("conv", torch::nn::Conv2d(torch::nn::Conv2dOptions(1, 4, 3)));
    fc = register_module("fc", torch::nn::Linear(4, 3));
  }
  torch::Tensor forward(const torch::Tensor &x) {
    auto h = torch::relu(conv(x));
    return fc(h.mean({2, 3}));
  }
  torch::nn::Conv2d conv{nullptr};
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Net);

// Stands in for a checkpoint saved from a half-precision training run.
std::map<std::string, torch::Tensor> fake_fp16_checkpoint(Net &reference) {
  std::map<std::string, torch::Tensor> ckpt;
  for (const auto &p : reference->named_parameters())
    ckpt[p.key()] = p.value().detach().to(torch::kHalf);
  return ckpt;
}

int main() {
  torch::manual_seed(0);
  Net trained, deployed;
  auto ckpt = fake_fp16_checkpoint(trained);
  {
    torch::NoGradGuard no_grad;
    for (auto &p : deployed->named_parameters())
      p.value().copy_(ckpt.at(p.key()));
  }
  deployed->eval();
  auto logits = deployed->forward(torch::randn({2, 1, 8, 8}));
  std::cout << logits.dtype() << " " << logits.argmax(1) << "\n";
  return 0;
}
