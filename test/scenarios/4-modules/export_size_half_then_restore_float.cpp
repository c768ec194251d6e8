// scenario: a deployment script converts the model to float16 to measure its export size, then back to float32 before running inference
// tier: 4
// family: half-on-cpu
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

struct DetectorHeadImpl : torch::nn::Module {
  DetectorHeadImpl() {
    conv = register_module("conv", torch::nn::Conv2d(torch::nn::Conv2dOptions(4, 8, 3).padding(1)));
    norm = register_module("norm", torch::nn::LayerNorm(torch::nn::LayerNormOptions({8})));
    box = register_module("box", torch::nn::Linear(8, 4));
  }
  torch::Tensor forward(const torch::Tensor &fmap) {
    auto h = torch::relu(conv(fmap)).mean({2, 3});
    return box(norm(h));
  }
  torch::nn::Conv2d conv{nullptr};
  torch::nn::LayerNorm norm{nullptr};
  torch::nn::Linear box{nullptr};
};
TORCH_MODULE(DetectorHead);

int64_t parameter_bytes(torch::nn::Module &m) {
  int64_t total = 0;
  for (const auto &p : m.parameters())
    total += p.numel() * p.element_size();
  return total;
}

int main() {
  torch::manual_seed(0);
  DetectorHead head;
  std::cout << "fp32 bytes " << parameter_bytes(*head) << "\n";
  head->to(torch::kHalf);
  std::cout << "fp16 bytes " << parameter_bytes(*head) << "\n";
  head->to(torch::kFloat);
  head->eval();
  auto boxes = head->forward(torch::randn({2, 4, 6, 6}));
  std::cout << boxes.sizes() << "\n";
  return 0;
}
