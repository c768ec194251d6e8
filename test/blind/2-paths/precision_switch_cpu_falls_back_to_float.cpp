// scenario: precision selection switch asks for float16 but falls back to float32 when the device is the CPU; the model and the batch both take the resolved dtype
// tier: 2
// family: half-on-cpu
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <string>

enum class Requested { kAuto, kHalf, kDouble };

torch::Dtype resolve_dtype(Requested req, const torch::Device& device) {
  torch::Dtype dtype = torch::kFloat;
  switch (req) {
    case Requested::kHalf:
      if (device.is_cpu()) {
        std::cerr << "float16 matmul is not available on CPU, using float32\n";
        break;
      }
      dtype = torch::kHalf;
      break;
    case Requested::kDouble:
      dtype = torch::kDouble;
      break;
    case Requested::kAuto:
      dtype = device.is_cuda() ? torch::kHalf : torch::kFloat;
      break;
  }
  return dtype;
}

struct Denoiser : torch::nn::Module {
  Denoiser() {
    enc_ = register_module("enc", torch::nn::Conv1d(torch::nn::Conv1dOptions(1, 8, 5).padding(2)));
    dec_ = register_module("dec", torch::nn::Conv1d(torch::nn::Conv1dOptions(8, 1, 5).padding(2)));
  }
  torch::Tensor forward(const torch::Tensor& x) { return x - dec_(torch::relu(enc_(x))); }
  torch::nn::Conv1d enc_{nullptr}, dec_{nullptr};
};

int main() {
  torch::manual_seed(149);
  torch::Device device(torch::kCPU);
  auto model = std::make_shared<Denoiser>();
  model->eval();
  auto dtype = resolve_dtype(Requested::kHalf, device);
  model->to(device, dtype);

  torch::NoGradGuard no_grad;
  auto noisy = torch::sin(torch::linspace(0, 6.28, 64)).view({1, 1, 64}) + 0.1 * torch::randn({1, 1, 64});
  auto clean = model->forward(noisy.to(device, dtype));
  std::cout << "denoised " << clean.sizes() << " " << clean.dtype() << "\n";
  return 0;
}
