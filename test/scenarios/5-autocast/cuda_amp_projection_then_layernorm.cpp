// scenario: a GPU text encoder runs a Linear and then a float32 LayerNorm on its float16 output inside CUDA autocast; on CUDA layer_norm is on autocast's float32 list, so both operands are cast to float32
// tier: 5
// family: module-input-dtype
// expect: ok
// verified: source
// source: aten/src/ATen/autocast_mode.cpp (1.13.1): TORCH_LIBRARY_IMPL(aten, Autocast, m) registers layer_norm with CastPolicy::fp32 (cached_cast(at::kFloat, ...) of input, weight and bias before redispatch); the AutocastCPU registration of 1.13.1 has no layer_norm entry, which is why the CPU version of this block throws
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

struct TokenEncoderImpl : torch::nn::Module {
  TokenEncoderImpl(int64_t vocab, int64_t dim)
      : embed(register_module("embed", torch::nn::Embedding(vocab, dim))),
        proj(register_module("proj", torch::nn::Linear(dim, dim))),
        norm(register_module("norm", torch::nn::LayerNorm(torch::nn::LayerNormOptions({dim})))) {}

  torch::Tensor forward(const torch::Tensor &ids) {
    auto h = torch::gelu(proj(embed(ids)));
    return norm(h);
  }
  torch::nn::Embedding embed;
  torch::nn::Linear proj;
  torch::nn::LayerNorm norm;
};
TORCH_MODULE(TokenEncoder);

int main() {
  torch::manual_seed(0);
  torch::Device gpu(torch::kCUDA);
  TokenEncoder enc(30000, 256);
  enc->to(gpu);
  enc->eval();
  torch::NoGradGuard no_grad;
  auto ids = torch::randint(0, 30000, {8, 128}, torch::TensorOptions().dtype(torch::kLong).device(gpu));

  at::autocast::set_enabled(true);
  auto hidden = enc(ids);
  at::autocast::set_enabled(false);
  at::autocast::clear_cache();
  std::cout << "hidden " << hidden.sizes() << " " << hidden.dtype() << "\n";
  return 0;
}
