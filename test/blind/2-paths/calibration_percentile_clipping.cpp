// scenario: post-training quantisation calibration: percentile clipping range, scale and zero point for uint8 activations
// tier: 2
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: quantile() q tensor must be same dtype as the input tensor
#include <torch/torch.h>
#include <cmath>
#include <cstdint>
#include <iostream>
#include <vector>

struct QuantParams {
  double scale;
  int64_t zero_point;
};

int main() {
  torch::manual_seed(5);
  const bool precise_percentiles = true; // calibrate in double for stability
  const double lower_pct = 0.001, upper_pct = 0.999;

  // Activations collected over a few calibration batches.
  std::vector<torch::Tensor> batches;
  for (int i = 0; i < 4; ++i)
    batches.push_back(torch::relu(torch::randn({64, 32}) * (1.0 + 0.25 * i)));
  torch::Tensor activations = torch::cat(batches).flatten();

  torch::Tensor q;
  if (precise_percentiles)
    q = torch::tensor({lower_pct, upper_pct}, torch::kDouble);
  else
    q = torch::tensor({lower_pct, upper_pct});

  // Outliers are dropped by clipping to the percentile range.
  torch::Tensor bounds = torch::quantile(activations, q); // BUG
  double lo = std::min(0.0, bounds[0].item<double>());
  double hi = std::max(0.0, bounds[1].item<double>());

  QuantParams params;
  params.scale = (hi - lo) / 255.0;
  if (params.scale == 0.0)
    params.scale = 1.0;
  params.zero_point = static_cast<int64_t>(std::round(-lo / params.scale));

  // Fake-quantise and measure the error the clipping introduces.
  torch::Tensor codes = torch::clamp(torch::round(activations / params.scale) + params.zero_point, 0, 255)
                            .to(torch::kUInt8);
  torch::Tensor dequant = (codes.to(torch::kFloat) - params.zero_point) * params.scale;
  torch::Tensor err = (dequant - activations).abs();

  std::cout << "scale " << params.scale << " zp " << params.zero_point
            << " max err " << err.max().item<float>() << "\n";
  std::cout << "saturated codes: " << (codes == 255).sum().item<int64_t>() << "\n";
  return 0;
}
