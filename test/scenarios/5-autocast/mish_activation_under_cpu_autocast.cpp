// scenario: a YOLO-style conv block uses Mish after its convolution and is run for CPU inference with bfloat16 autocast
// tier: 5
// family: autocast-unsafe-op
// expect: bug
// verified: cpu-1.13.1
// raises: "mish_cpu" not implemented for 'BFloat16'
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

struct ConvMishImpl : torch::nn::Module {
  ConvMishImpl(int64_t in, int64_t out)
      : conv(register_module("conv", torch::nn::Conv2d(
            torch::nn::Conv2dOptions(in, out, 3).padding(1).bias(false)))),
        bn(register_module("bn", torch::nn::BatchNorm2d(out))) {}

  torch::Tensor forward(const torch::Tensor &x) {
    auto y = bn(conv(x));
    return torch::nn::functional::mish(y); // BUG
  }
  torch::nn::Conv2d conv;
  torch::nn::BatchNorm2d bn;
};
TORCH_MODULE(ConvMish);

int main() {
  torch::manual_seed(0);
  torch::nn::Sequential stem(ConvMish(3, 16), ConvMish(16, 32));
  stem->eval();
  torch::NoGradGuard no_grad;

  at::autocast::set_autocast_cpu_dtype(at::kBFloat16);
  at::autocast::set_cpu_enabled(true);
  auto feats = stem->forward(torch::rand({2, 3, 64, 64}));
  at::autocast::set_cpu_enabled(false);
  std::cout << "stem features " << feats.sizes() << "\n";
  return 0;
}
