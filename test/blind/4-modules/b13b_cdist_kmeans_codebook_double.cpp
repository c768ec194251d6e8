// scenario: vector-quantizer layer whose codebook is initialised from k-means centres computed in float64; the encoder feeding it is float32
// tier: 4
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Float but found Double
#include <torch/torch.h>
#include <iostream>
#include <tuple>

namespace {

// a few Lloyd iterations; run in double so the centre updates do not drift
torch::Tensor kmeans_centres(const torch::Tensor &samples, int64_t k, int iters) {
  auto x = samples.to(torch::kDouble);
  auto centres = x.slice(0, 0, k).clone();
  for (int it = 0; it < iters; ++it) {
    auto assign = torch::cdist(x, centres).argmin(1);
    for (int64_t c = 0; c < k; ++c) {
      auto members = x.index({assign == c});
      if (members.size(0) > 0)
        centres[c] = members.mean(0);
    }
  }
  return centres;
}

struct VectorQuantizerImpl : torch::nn::Module {
  VectorQuantizerImpl(const torch::Tensor &warmup, int64_t codes) {
    codebook = register_parameter("codebook", kmeans_centres(warmup, codes, 4));
  }

  std::tuple<torch::Tensor, torch::Tensor> forward(const torch::Tensor &z) {
    auto flat = z.reshape({-1, z.size(-1)});
    auto dist = torch::cdist(flat, codebook); // BUG
    auto codes = dist.argmin(1);
    auto quantized = codebook.index_select(0, codes).view_as(z);
    return {quantized, codes.view(z.sizes().slice(0, z.dim() - 1))};
  }

  torch::Tensor codebook;
};
TORCH_MODULE(VectorQuantizer);

struct TokenizerNetImpl : torch::nn::Module {
  TokenizerNetImpl(int64_t in, int64_t dim, const torch::Tensor &warmup, int64_t codes)
      : enc(register_module("enc", torch::nn::Linear(in, dim))),
        vq(register_module("vq", VectorQuantizer(warmup, codes))) {}

  torch::Tensor forward(const torch::Tensor &x) {
    auto z = torch::tanh(enc->forward(x));
    return std::get<1>(vq->forward(z));
  }

  torch::nn::Linear enc;
  VectorQuantizer vq;
};
TORCH_MODULE(TokenizerNet);

} // namespace

int main() {
  torch::manual_seed(13);
  const int64_t in = 6, dim = 4, codes = 5;
  auto warmup = torch::tanh(torch::randn({40, dim}));
  TokenizerNet net(in, dim, warmup, codes);
  auto tokens = net->forward(torch::randn({2, 7, in}));
  std::cout << tokens << "\n";
  return 0;
}
