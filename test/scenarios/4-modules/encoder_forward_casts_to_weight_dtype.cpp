// scenario: an encoder's forward converts whatever it receives to the dtype of its first layer's weight, so float64 callers are fine
// tier: 4
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

struct EncoderImpl : torch::nn::Module {
  EncoderImpl(int64_t in, int64_t out) {
    proj = register_module("proj", torch::nn::Linear(in, out));
    norm = register_module("norm", torch::nn::LayerNorm(torch::nn::LayerNormOptions({out})));
  }
  torch::Tensor forward(torch::Tensor x) {
    x = x.to(proj->weight.dtype());
    return norm(proj(x));
  }
  torch::nn::Linear proj{nullptr};
  torch::nn::LayerNorm norm{nullptr};
};
TORCH_MODULE(Encoder);

int main() {
  torch::manual_seed(0);
  Encoder enc(6, 4);
  auto from_numpy_port = torch::randn({3, 6}, torch::kDouble);
  auto from_pixels = torch::randint(0, 255, {3, 6}, torch::kByte);
  std::cout << enc->forward(from_numpy_port).dtype() << " "
            << enc->forward(from_pixels).dtype() << "\n";
  return 0;
}
