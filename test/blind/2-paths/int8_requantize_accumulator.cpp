// scenario: int8 dot-product accumulation per output channel, rescaled when emitting int8 activations
// tier: 2
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: result type Float can't be cast to the desired output type Int
#include <torch/torch.h>
#include <iostream>

struct QuantConfig {
  double input_scale = 0.02;
  double output_scale = 0.05;
  bool emit_int8 = true;
};

int main() {
  QuantConfig cfg;
  const int64_t out_channels = 4;
  const int64_t in_features = 16;

  auto x_q = torch::randint(-128, 128, {in_features}, torch::kInt8);
  auto w_q = torch::randint(-128, 128, {out_channels, in_features}, torch::kInt8);
  auto w_scales = torch::rand({out_channels}) * 0.01 + 0.001;

  auto acc = torch::zeros({out_channels}, torch::kInt32);
  for (int64_t c = 0; c < out_channels; ++c) {
    acc[c] = (w_q[c].to(torch::kInt32) * x_q.to(torch::kInt32)).sum();
  }

  torch::Tensor out;
  if (cfg.emit_int8) {
    acc.mul_(w_scales * (cfg.input_scale / cfg.output_scale)); // BUG
    out = acc.clamp_(-128, 127).to(torch::kInt8);
  } else {
    out = acc.to(torch::kFloat) * w_scales * cfg.input_scale;
  }

  std::cout << out << "\n";
  return 0;
}
