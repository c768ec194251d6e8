// scenario: sequence encoder module builds integer position channels with arange and casts them inside forward before Conv1d and baddbmm
// tier: 4
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

class PositionalConvEncoderImpl : public torch::nn::Module {
 public:
  PositionalConvEncoderImpl(int64_t channels, int64_t out)
      : conv_(register_module("conv", torch::nn::Conv1d(
                                          torch::nn::Conv1dOptions(channels + 1, out, 3).padding(1)))),
        mix_(register_parameter("mix", torch::randn({out, out}) * 0.1)) {}

  torch::Tensor forward(const torch::Tensor& x) {
    const int64_t B = x.size(0), L = x.size(2);
    // Position index channel: arange gives int64, converted to x's dtype.
    torch::Tensor pos = torch::arange(L).view({1, 1, L}).expand({B, 1, L});
    torch::Tensor pos_f = pos.to(x.scalar_type()) / static_cast<double>(L);
    torch::Tensor h = conv_->forward(torch::cat({x, pos_f}, 1));
    torch::Tensor ht = h.transpose(1, 2);
    torch::Tensor bias = torch::zeros({B, L, mix_.size(1)}, ht.options());
    return torch::baddbmm(bias, ht, mix_.unsqueeze(0).expand({B, -1, -1}));
  }

 private:
  torch::nn::Conv1d conv_;
  torch::Tensor mix_;
};
TORCH_MODULE(PositionalConvEncoder);

int main() {
  torch::manual_seed(107);
  PositionalConvEncoder enc(4, 8);
  // Raw inputs are integer sensor counts; the caller converts them.
  torch::Tensor counts = torch::randint(0, 50, {2, 4, 10});
  torch::Tensor x = counts.to(torch::kFloat).log1p();
  torch::Tensor y = enc->forward(x);
  y.sum().backward();
  std::cout << "encoded " << y.sizes() << " grad norm "
            << enc->parameters()[0].grad().norm().item<float>() << "\n";
  return 0;
}
