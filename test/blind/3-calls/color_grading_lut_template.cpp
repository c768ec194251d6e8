// scenario: a color-grading step builds a 1-D tone curve LUT through a template over the element type and applies it with linear interpolation
// tier: 3
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected dtype double for `weight` but got dtype float
#include <torch/torch.h>
#include <cmath>
#include <iostream>
#include <type_traits>
#include <vector>

// Filmic tone curve sampled at `entries` points, stored in the LUT's element type.
template <typename T>
torch::Tensor make_tone_curve(int64_t entries, T gamma) {
  static_assert(std::is_floating_point<T>::value, "LUT must be floating point");
  std::vector<T> values(entries);
  for (int64_t i = 0; i < entries; ++i) {
    T x = static_cast<T>(i) / static_cast<T>(entries - 1);
    values[i] = std::pow(x, T(1) / gamma) * (T(1) + T(0.1)) / (std::pow(x, T(1) / gamma) + T(0.1));
  }
  auto dtype = torch::CppTypeToScalarType<T>::value;
  return torch::tensor(torch::ArrayRef<T>(values), torch::TensorOptions().dtype(dtype));
}

// Looks each pixel up between its two neighbouring LUT entries.
torch::Tensor apply_lut(const torch::Tensor &image, const torch::Tensor &lut) {
  const int64_t last = lut.size(0) - 1;
  torch::Tensor pos = image.clamp(0.0, 1.0) * static_cast<double>(last);
  torch::Tensor lo = pos.floor().to(torch::kLong).clamp_max(last - 1);
  torch::Tensor frac = pos - lo.to(pos.scalar_type());

  torch::Tensor flat_lo = lo.flatten();
  torch::Tensor left = lut.index_select(0, flat_lo).view_as(image);
  torch::Tensor right = lut.index_select(0, flat_lo + 1).view_as(image);
  return torch::lerp(left, right, frac); // BUG
}

int main() {
  torch::manual_seed(11);
  // Frames arrive as float32 linear RGB in [0, 1].
  torch::Tensor frame = torch::rand({3, 120, 160});

  // The curve is authored in double so the shoulder stays smooth.
  torch::Tensor curve = make_tone_curve<double>(/*entries=*/256, /*gamma=*/2.2);

  torch::Tensor graded = apply_lut(frame, curve);
  std::cout << "graded range [" << graded.min().item<double>() << ", "
            << graded.max().item<double>() << "]\n";
  return 0;
}
