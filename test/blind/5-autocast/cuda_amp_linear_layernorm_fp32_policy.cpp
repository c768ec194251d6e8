// scenario: GPU caption projector runs Linear -> LayerNorm under CUDA autocast; on CUDA layer_norm is on the fp32 list, so the float16 Linear output and the float32 gamma/beta are both cast to float32
// tier: 5
// family: autocast-unsafe-op
// expect: ok
// verified: source
// source: aten/src/ATen/autocast_mode.cpp (PyTorch 1.13.1): TORCH_LIBRARY_IMPL(aten, Autocast, m) registers layer_norm and native_layer_norm with the fp32 policy (WrapFunction_<CastPolicy::fp32, DeviceType::CUDA> casts every eligible argument to kFloat); the CPU list of 1.13 has no layer_norm, which is why the same code fails under CPU autocast
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

class CaptionProjectorImpl : public torch::nn::Module {
 public:
  CaptionProjectorImpl(int64_t vision_dim, int64_t text_dim, int64_t prefix_len)
      : text_dim_(text_dim), prefix_len_(prefix_len) {
    up_ = register_module("up", torch::nn::Linear(vision_dim, text_dim * prefix_len));
    norm_ = register_module("norm", torch::nn::LayerNorm(torch::nn::LayerNormOptions({text_dim})));
  }
  torch::Tensor forward(const torch::Tensor& vision) {
    auto prefix = up_(vision).view({vision.size(0), prefix_len_, text_dim_});  // float16
    return norm_(prefix);                                                      // float32
  }

 private:
  int64_t text_dim_, prefix_len_;
  torch::nn::Linear up_{nullptr};
  torch::nn::LayerNorm norm_{nullptr};
};
TORCH_MODULE(CaptionProjector);

int main() {
  torch::manual_seed(0);
  torch::Device device(torch::kCUDA);
  CaptionProjector projector(48, 32, 4);
  projector->to(device);
  torch::optim::AdamW opt(projector->parameters(), torch::optim::AdamWOptions(1e-4));

  auto vision = torch::randn({3, 48}).to(device);
  auto target = torch::randn({3, 4, 32}).to(device);

  at::autocast::set_enabled(true);
  auto prefix = projector->forward(vision);
  auto loss = torch::mse_loss(prefix, target);
  at::autocast::set_enabled(false);
  at::autocast::clear_cache();

  opt.zero_grad();
  loss.backward();
  opt.step();
  std::cout << "alignment loss " << loss.item<float>() << "\n";
  return 0;
}
