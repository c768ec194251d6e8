// scenario: a small conv encoder receives images that a preprocessing helper normalised with float64 statistics
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Input type (double) and bias type (float) should be the same
#include <torch/torch.h>
#include <iostream>

struct EncoderImpl : torch::nn::Module {
  EncoderImpl()
      : conv1(register_module("conv1", torch::nn::Conv2d(torch::nn::Conv2dOptions(3, 8, 3).padding(1)))),
        conv2(register_module("conv2", torch::nn::Conv2d(torch::nn::Conv2dOptions(8, 16, 3).stride(2)))) {}

  torch::Tensor forward(torch::Tensor x) {
    x = torch::relu(conv1(x)); // BUG
    x = torch::relu(conv2(x));
    return torch::adaptive_avg_pool2d(x, {1, 1}).flatten(1);
  }

  torch::nn::Conv2d conv1, conv2;
};
TORCH_MODULE(Encoder);

torch::Tensor preprocess(const torch::Tensor &uint8_images) {
  auto mean = torch::tensor({0.485, 0.456, 0.406}, torch::kDouble).view({1, 3, 1, 1});
  auto std = torch::tensor({0.229, 0.224, 0.225}, torch::kDouble).view({1, 3, 1, 1});
  return (uint8_images / 255.0 - mean) / std;
}

int main() {
  torch::manual_seed(0);
  Encoder enc;
  auto raw = torch::randint(0, 256, {2, 3, 16, 16}, torch::kByte);
  auto emb = enc->forward(preprocess(raw));
  std::cout << emb.sizes() << "\n";
  return 0;
}
