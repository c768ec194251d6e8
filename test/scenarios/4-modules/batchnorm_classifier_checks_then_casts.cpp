// scenario: a BatchNorm2d classifier checks the image dtype with TORCH_CHECK and converts float64 and uint8 inputs before the first layer
// tier: 4
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

struct ConvClassifierImpl : torch::nn::Module {
  ConvClassifierImpl(int64_t classes) {
    conv = register_module("conv", torch::nn::Conv2d(torch::nn::Conv2dOptions(1, 6, 3)));
    bn = register_module("bn", torch::nn::BatchNorm2d(6));
    fc = register_module("fc", torch::nn::Linear(6, classes));
  }

  torch::Tensor forward(torch::Tensor images) {
    TORCH_CHECK(images.scalar_type() == torch::kFloat || images.scalar_type() == torch::kDouble ||
                    images.scalar_type() == torch::kByte,
                "unsupported image dtype ", images.scalar_type());
    if (images.scalar_type() == torch::kByte)
      images = images.to(torch::kFloat).div(255.0);
    else if (images.scalar_type() != torch::kFloat)
      images = images.to(torch::kFloat);
    auto h = torch::relu(bn(conv(images)));
    return fc(h.mean({2, 3}));
  }

  torch::nn::Conv2d conv{nullptr};
  torch::nn::BatchNorm2d bn{nullptr};
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(ConvClassifier);

int main() {
  torch::manual_seed(0);
  ConvClassifier clf(3);
  clf->eval();
  auto scans = torch::rand({2, 1, 10, 10}, torch::kDouble);
  auto photos = torch::randint(0, 256, {2, 1, 10, 10}, torch::kByte);
  std::cout << clf->forward(scans).argmax(1) << " " << clf->forward(photos).argmax(1) << "\n";
  return 0;
}
