// scenario: an audio encoder block runs its convolution under CPU autocast and then applies group norm with float32 affine parameters
// tier: 5
// family: autocast-unsafe-op
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type BFloat16 but found Float
#include <ATen/autocast_mode.h>
#include <torch/torch.h>

#include <iostream>

namespace {

namespace F = torch::nn::functional;

struct EncoderBlock {
  torch::Tensor conv_w, conv_b; // [out, in, k], [out]
  torch::Tensor gn_gamma, gn_beta;
  int64_t groups;

  EncoderBlock(int64_t in, int64_t out, int64_t k, int64_t g)
      : conv_w(torch::randn({out, in, k}) * 0.1), conv_b(torch::zeros({out})),
        gn_gamma(torch::ones({out})), gn_beta(torch::zeros({out})), groups(g) {}

  torch::Tensor operator()(const torch::Tensor &x) const {
    torch::Tensor h = F::conv1d(x, conv_w, F::Conv1dFuncOptions().bias(conv_b).padding(1));
    h = F::group_norm(h, F::GroupNormFuncOptions(groups).weight(gn_gamma).bias(gn_beta)); // BUG
    return F::gelu(h, F::GELUFuncOptions());
  }
};

torch::Tensor encode(const std::vector<EncoderBlock> &blocks, torch::Tensor x, bool mixed) {
  at::autocast::set_cpu_enabled(mixed);
  for (const auto &b : blocks)
    x = b(x);
  at::autocast::set_cpu_enabled(false);
  return x;
}

} // namespace

int main() {
  torch::manual_seed(17);
  std::vector<EncoderBlock> blocks = {EncoderBlock(1, 16, 3, 4), EncoderBlock(16, 16, 3, 4)};
  torch::Tensor wave = torch::randn({2, 1, 400});

  torch::Tensor ref = encode(blocks, wave, /*mixed=*/false);
  std::cout << "fp32 output " << ref.sizes() << "\n";
  torch::Tensor fast = encode(blocks, wave, /*mixed=*/true);
  std::cout << "max deviation " << (fast.to(torch::kFloat) - ref).abs().max().item<float>() << "\n";
  return 0;
}
