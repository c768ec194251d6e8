// scenario: vision classifier uses a hand-written RAII autocast scope (saves and restores the previous state) around its backbone only; the scope's block closes before the float32 Linear head, which receives bf16 features
// tier: 5
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: mat1 and mat2 must have the same dtype
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

class ScopedCpuAutocast {
 public:
  ScopedCpuAutocast() : prev_enabled_(at::autocast::is_cpu_enabled()) {
    at::autocast::set_cpu_enabled(true);
    at::autocast::set_autocast_cpu_dtype(at::kBFloat16);
    at::autocast::increment_nesting();
  }
  ~ScopedCpuAutocast() {
    if (at::autocast::decrement_nesting() == 0) at::autocast::clear_cache();
    at::autocast::set_cpu_enabled(prev_enabled_);
  }
  ScopedCpuAutocast(const ScopedCpuAutocast&) = delete;
  ScopedCpuAutocast& operator=(const ScopedCpuAutocast&) = delete;

 private:
  bool prev_enabled_;
};

struct BackboneImpl : torch::nn::Module {
  torch::nn::Sequential layers;
  BackboneImpl()
      : layers(torch::nn::Conv2d(torch::nn::Conv2dOptions(3, 8, 3).padding(1)), torch::nn::ReLU(),
               torch::nn::Conv2d(torch::nn::Conv2dOptions(8, 16, 3).stride(2).padding(1)), torch::nn::ReLU(),
               torch::nn::AdaptiveAvgPool2d(torch::nn::AdaptiveAvgPool2dOptions({1, 1})),
               torch::nn::Flatten()) {
    register_module("layers", layers);
  }
  torch::Tensor forward(torch::Tensor x) { return layers->forward(x); }
};
TORCH_MODULE(Backbone);

int main() {
  torch::manual_seed(8);
  Backbone backbone;
  torch::nn::Linear head(16, 10);
  backbone->eval();
  head->eval();

  auto images = torch::randn({4, 3, 32, 32});
  torch::NoGradGuard no_grad;

  torch::Tensor features;
  {
    ScopedCpuAutocast amp;
    features = backbone->forward(images);
  }  // autocast is back to its previous state (off) here

  auto logits = head(features); // BUG
  std::cout << "predicted classes " << logits.argmax(1) << "\n";
  return 0;
}
