// scenario: 8-bit weight quantizer rounds into int64 codes, then clamps the codes in place with float bounds
// tier: 1
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: result type Float can't be cast to the desired output type long int
#include <torch/torch.h>
#include <iostream>
#include <map>
#include <string>

int main() {
  torch::manual_seed(17);
  torch::Tensor weight = torch::randn({4, 8});
  weight[1][3] = 9.0;  // an outlier channel, as real checkpoints have

  // Quantisation settings as parsed from the export config.
  std::map<std::string, double> cfg = {{"qmin", -127.5}, {"qmax", 127.5}, {"percentile", 0.99}};

  // Per-row scale from a clipped maximum so one outlier does not dominate.
  torch::Tensor max_abs = weight.abs().amax(1, /*keepdim=*/true);
  torch::Tensor clip = std::get<0>(weight.abs().sort(1)).select(1, 6).unsqueeze(1);
  torch::Tensor scale = torch::minimum(max_abs, clip * 1.5) / 127.0;

  // Integer codes: round, then store as int64 for the packer.
  torch::Tensor codes = (weight / scale).round().to(torch::kLong);
  int64_t saturated = codes.abs().gt(127).sum().item<int64_t>();
  std::cout << "codes outside int8 before clamping: " << saturated << "\n";

  // Saturate to the signed 8-bit range, with the bounds in the float scale
  // the config file uses.
  codes.clamp_(cfg["qmin"], cfg["qmax"]); // BUG

  torch::Tensor packed = codes.to(torch::kChar);
  torch::Tensor dequant = packed.to(torch::kFloat) * scale;
  torch::Tensor err = (dequant - weight).abs();
  torch::Tensor per_row = err.amax(1);

  std::cout << "max quantisation error per row " << per_row << "\n";
  std::cout << "mean error " << err.mean().item<float>() << " bytes "
            << packed.numel() * packed.element_size() << "\n";
  return 0;
}
