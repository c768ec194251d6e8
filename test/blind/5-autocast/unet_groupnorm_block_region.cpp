// scenario: diffusion UNet residual block (conv -> GroupNorm -> SiLU) runs under CPU bf16 autocast; conv2d emits bf16 and group_norm, off 1.13's CPU list, receives it with float32 affine parameters
// tier: 5
// family: autocast-unsafe-op
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type BFloat16 but found Float
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

class ResBlockImpl : public torch::nn::Module {
 public:
  ResBlockImpl(int64_t channels, int64_t groups)
      : conv1_(torch::nn::Conv2dOptions(channels, channels, 3).padding(1)),
        conv2_(torch::nn::Conv2dOptions(channels, channels, 3).padding(1)),
        norm1_(torch::nn::GroupNormOptions(groups, channels)),
        norm2_(torch::nn::GroupNormOptions(groups, channels)) {
    register_module("conv1", conv1_);
    register_module("conv2", conv2_);
    register_module("norm1", norm1_);
    register_module("norm2", norm2_);
  }

  torch::Tensor forward(const torch::Tensor& x, const torch::Tensor& t_emb) {
    auto h = torch::silu(norm1_(x));  // x is the float32 input: fine
    h = conv1_(h);
    h = torch::silu(norm2_(h)); // BUG
    h = h * (1 + t_emb.view({1, -1, 1, 1}));
    return x + conv2_(h);
  }

 private:
  torch::nn::Conv2d conv1_, conv2_;
  torch::nn::GroupNorm norm1_, norm2_;
};
TORCH_MODULE(ResBlock);

torch::Tensor timestep_embedding(int64_t t, int64_t dim) {
  auto freqs = torch::exp(-std::log(10000.0) * torch::arange(0, dim / 2, torch::kFloat) / (dim / 2));
  auto args = static_cast<double>(t) * freqs;
  return torch::cat({torch::sin(args), torch::cos(args)});
}

int main() {
  torch::manual_seed(1);
  ResBlock block(16, 4);
  auto latents = torch::randn({2, 16, 8, 8});
  auto emb = timestep_embedding(250, 16);

  at::autocast::set_cpu_enabled(true);
  auto out = block->forward(latents, emb);
  at::autocast::set_cpu_enabled(false);
  std::cout << "denoised latents " << out.sizes() << " " << out.dtype() << "\n";
  return 0;
}
