// scenario: an encoder enables CPU autocast only for large batches and, on that branch alone, converts the projection back to float32 before its float32 LayerNorm
// tier: 5
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

struct SentenceEncoderImpl : torch::nn::Module {
  static constexpr int64_t kAmpMinBatch = 32;
  SentenceEncoderImpl(int64_t in, int64_t dim)
      : proj(register_module("proj", torch::nn::Linear(in, dim))),
        norm(register_module("norm", torch::nn::LayerNorm(torch::nn::LayerNormOptions({dim})))) {}

  torch::Tensor forward(const torch::Tensor &x) {
    torch::Tensor h;
    if (x.size(0) >= kAmpMinBatch) {
      at::autocast::set_cpu_enabled(true);
      h = proj(x).to(torch::kFloat);
      at::autocast::set_cpu_enabled(false);
    } else {
      h = proj(x);
    }
    return norm(torch::tanh(h));
  }
  torch::nn::Linear proj;
  torch::nn::LayerNorm norm;
};
TORCH_MODULE(SentenceEncoder);

int main() {
  torch::manual_seed(0);
  SentenceEncoder enc(50, 24);
  enc->eval();
  torch::NoGradGuard no_grad;
  for (int64_t n : {8, 64}) {
    auto out = enc(torch::randn({n, 50}));
    std::cout << "batch " << n << " -> " << out.sizes() << "\n";
  }
  return 0;
}
