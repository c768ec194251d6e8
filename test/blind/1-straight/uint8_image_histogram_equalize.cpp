// scenario: histogram equalization of an 8-bit grayscale camera frame kept as a uint8 tensor
// tier: 1
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: "histogram_cpu" not implemented for 'Byte'
#include <torch/torch.h>
#include <cstdint>
#include <iostream>
#include <random>
#include <vector>

int main() {
  const int64_t height = 48, width = 64;

  // A dim, low-contrast frame: values crowd around 60..110.
  std::mt19937 rng(1234);
  std::normal_distribution<float> noise(85.0f, 12.0f);
  std::vector<uint8_t> pixels(height * width);
  for (int64_t y = 0; y < height; ++y) {
    for (int64_t x = 0; x < width; ++x) {
      float v = noise(rng) + 0.2f * static_cast<float>(x);
      v = std::min(255.0f, std::max(0.0f, v));
      pixels[y * width + x] = static_cast<uint8_t>(v);
    }
  }

  // The sensor is mounted sideways: rotate the frame upright.
  torch::Tensor frame = torch::rot90(
      torch::from_blob(pixels.data(), {height, width}, torch::kUInt8), 1, {0, 1}).contiguous();
  std::cout << "input range: " << frame.min().item<int>() << ".."
            << frame.max().item<int>() << "\n";

  // 256-bin histogram of the intensities, then its cumulative distribution.
  torch::Tensor hist = torch::histc(frame, 256, 0, 255); // BUG
  torch::Tensor cdf = hist.cumsum(0);
  torch::Tensor cdf_min = cdf.masked_select(cdf > 0).min();
  torch::Tensor total = cdf[-1];

  // Lookup table from old intensity to new intensity.
  torch::Tensor lut = ((cdf - cdf_min) / (total - cdf_min).clamp_min(1.0) * 255.0)
                          .round()
                          .clamp(0, 255)
                          .to(torch::kUInt8);

  torch::Tensor flat_idx = frame.flatten().to(torch::kLong);
  torch::Tensor equalized = lut.index_select(0, flat_idx).view_as(frame);

  // Contrast before/after, measured as the interquartile spread.
  auto spread = [](const torch::Tensor &img) {
    torch::Tensor f = img.to(torch::kFloat).flatten();
    torch::Tensor q = torch::quantile(f, torch::tensor({0.25f, 0.75f}));
    return (q[1] - q[0]).item<float>();
  };
  std::cout << "IQR before " << spread(frame) << " after " << spread(equalized)
            << "\n";
  return 0;
}
