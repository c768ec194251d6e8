// scenario: dequantizes an int8 checkpoint's widened codes in place with the float scale
// tier: 1
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: result type Float can't be cast to the desired output type Long
#include <torch/torch.h>

#include <cstdint>
#include <iostream>
#include <vector>

// A per-tensor affine quantized projection as the export job writes it:
// int8 codes (widened to int64 when read), one scale and one zero point.
int main() {
  const double scale = 0.0125;
  const int64_t zero_point = 3;
  const std::vector<int64_t> raw = {12, -7, 33,  90, -128, 4,  17, 55,
                                    -2, 64, 127, -31, 8,   0,  -9, 41};
  torch::Tensor codes = torch::tensor(raw, torch::kLong).reshape({4, 4});

  // The codes must stay in the int8 range, otherwise the file is corrupt.
  const int64_t lo = codes.min().item<int64_t>();
  const int64_t hi = codes.max().item<int64_t>();
  if (lo < -128 || hi > 127) {
    std::cerr << "codes out of int8 range: [" << lo << ", " << hi << "]\n";
    return 1;
  }
  std::cout << "codes in [" << lo << ", " << hi << "], zero point " << zero_point
            << ", scale " << scale << "\n";

  // Dequantize without a second buffer: w = (q - zero_point) * scale.
  codes.sub_(zero_point);
  codes.mul_(scale); // BUG
  torch::Tensor weight = codes;

  // Run the restored projection on a probe batch.
  torch::Tensor probe = torch::randn({2, 4});
  torch::Tensor out = torch::matmul(probe, weight.t());
  std::cout << "projection output:\n" << out << "\n";
  std::cout << "weight range: " << weight.min().item<double>() << " .. "
            << weight.max().item<double>() << "\n";
  return 0;
}
