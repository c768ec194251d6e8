// scenario: GPU detector runs its backbone under CUDA autocast and, after the region, hands the float16 feature map to a float32 Conv2d refinement head kept out of autocast for accuracy
// tier: 5
// family: module-input-dtype
// expect: bug
// verified: source
// source: aten/src/ATen/autocast_mode.cpp (PyTorch 1.13.1): conv2d is lower_precision_fp for Autocast (CUDA), so the backbone output is float16; outside the region nothing casts, and aten/src/ATen/native/Convolution.cpp (PyTorch 1.13.1) conv2d checks TORCH_CHECK(!bias.defined() || bias.dtype() == input_.dtype(), "Input type (c10::Half) and bias type (float) should be the same")
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

struct BackboneImpl : torch::nn::Module {
  torch::nn::Conv2d c1{nullptr}, c2{nullptr};
  BackboneImpl() {
    c1 = register_module("c1", torch::nn::Conv2d(torch::nn::Conv2dOptions(3, 16, 3).stride(2).padding(1)));
    c2 = register_module("c2", torch::nn::Conv2d(torch::nn::Conv2dOptions(16, 32, 3).stride(2).padding(1)));
  }
  torch::Tensor forward(const torch::Tensor& x) { return torch::relu(c2(torch::relu(c1(x)))); }
};
TORCH_MODULE(Backbone);

struct RefineHeadImpl : torch::nn::Module {
  torch::nn::Conv2d box{nullptr}, obj{nullptr};
  RefineHeadImpl() {
    box = register_module("box", torch::nn::Conv2d(torch::nn::Conv2dOptions(32, 4, 1)));
    obj = register_module("obj", torch::nn::Conv2d(torch::nn::Conv2dOptions(32, 1, 1)));
  }
  std::pair<torch::Tensor, torch::Tensor> forward(const torch::Tensor& feats) {
    return {box(feats), torch::sigmoid(obj(feats))}; // BUG
  }
};
TORCH_MODULE(RefineHead);

int main() {
  torch::Device device(torch::kCUDA);
  Backbone backbone;
  RefineHead head;
  backbone->to(device);
  head->to(device);
  backbone->eval();
  head->eval();

  auto frames = torch::rand({2, 3, 64, 64}).to(device);
  torch::NoGradGuard no_grad;

  at::autocast::set_enabled(true);
  auto feats = backbone->forward(frames);
  at::autocast::set_enabled(false);
  at::autocast::clear_cache();

  auto [boxes, objectness] = head->forward(feats);
  std::cout << "max objectness " << objectness.max().item<float>() << "\n";
  return 0;
}
