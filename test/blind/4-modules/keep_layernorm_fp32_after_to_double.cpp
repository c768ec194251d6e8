// scenario: transformer encoder layer evaluated in float64 except for the LayerNorms, which a modules() loop puts back to float32 following the usual "norms in fp32" recipe
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Double but found Float
#include <torch/torch.h>
#include <iostream>

struct EncoderLayerImpl : torch::nn::Module {
  EncoderLayerImpl(int64_t dim, int64_t ff) {
    ln1_ = register_module("ln1", torch::nn::LayerNorm(torch::nn::LayerNormOptions({dim})));
    qkv_ = register_module("qkv", torch::nn::Linear(dim, 3 * dim));
    ln2_ = register_module("ln2", torch::nn::LayerNorm(torch::nn::LayerNormOptions({dim})));
    ff1_ = register_module("ff1", torch::nn::Linear(dim, ff));
    ff2_ = register_module("ff2", torch::nn::Linear(ff, dim));
  }

  // x: [B, T, D]
  torch::Tensor forward(torch::Tensor x) {
    auto h = ln1_(x); // BUG
    auto qkv = qkv_(h).chunk(3, /*dim=*/-1);
    auto att = torch::softmax(torch::matmul(qkv[0], qkv[1].transpose(1, 2)) /
                                  std::sqrt(static_cast<double>(x.size(-1))),
                              -1);
    x = x + torch::matmul(att, qkv[2]);
    return x + ff2_(torch::gelu(ff1_(ln2_(x))));
  }

  torch::nn::LayerNorm ln1_{nullptr}, ln2_{nullptr};
  torch::nn::Linear qkv_{nullptr}, ff1_{nullptr}, ff2_{nullptr};
};
TORCH_MODULE(EncoderLayer);

void cast_keeping_norms_fp32(torch::nn::Module& model, torch::Dtype dtype) {
  model.to(dtype);
  for (const auto& m : model.modules(/*include_self=*/false)) {
    if (auto* ln = m->as<torch::nn::LayerNorm>())
      ln->to(torch::kFloat);
  }
}

int main() {
  torch::manual_seed(31);
  EncoderLayer layer(/*dim=*/16, /*ff=*/32);
  layer->eval();
  cast_keeping_norms_fp32(*layer, torch::kDouble);

  torch::NoGradGuard no_grad;
  auto tokens = torch::randn({2, 7, 16}, torch::kDouble);
  auto out = layer->forward(tokens);
  std::cout << "encoded " << out.sizes() << "\n";
  return 0;
}
