// scenario: a segmentation net is moved to the GPU with ->to(torch::kCUDA) while the data loader's images stay on the CPU
// tier: 4
// family: device-mismatch
// expect: bug
// verified: source
// source: aten/src/ATen/native/Convolution.cpp (1.13.1): check_input_same_type_as_parameters in _convolution raises "Input type (CPUFloatType) and weight type (CUDAFloatType) should be the same" (input.options().type_equal(weight.options()) compares device as well as dtype)
// raises: Input type (CPUFloatType) and weight type (CUDAFloatType) should be the same
#include <torch/torch.h>
#include <iostream>

struct SegNetImpl : torch::nn::Module {
  explicit SegNetImpl(int64_t classes) {
    stem = register_module("stem", torch::nn::Conv2d(torch::nn::Conv2dOptions(3, 16, 3).padding(1)));
    bn = register_module("bn", torch::nn::BatchNorm2d(16));
    classifier = register_module("classifier", torch::nn::Conv2d(torch::nn::Conv2dOptions(16, classes, 1)));
  }
  torch::Tensor forward(const torch::Tensor &images) {
    auto h = torch::relu(bn(stem(images))); // BUG
    return classifier(h);
  }
  torch::nn::Conv2d stem{nullptr}, classifier{nullptr};
  torch::nn::BatchNorm2d bn{nullptr};
};
TORCH_MODULE(SegNet);

torch::Tensor load_images(int64_t n) { return torch::rand({n, 3, 32, 32}); }

int main() {
  torch::manual_seed(0);
  SegNet net(4);
  net->to(torch::kCUDA);
  net->eval();
  torch::NoGradGuard no_grad;
  auto images = load_images(2);
  auto masks = net->forward(images).argmax(1);
  std::cout << masks.sizes() << "\n";
  return 0;
}
