// Mock of torch/csrc/api/include/torch/fft.h (subset): inline wrappers of
// the aten fft_* ops, as in 1.13.1.
#pragma once
#include <ATen/ATen.h>
#include <torch/types.h>

namespace torch {
namespace fft {
inline Tensor rfft(const Tensor &self, c10::optional<int64_t> n = c10::nullopt,
                   int64_t dim = -1,
                   c10::optional<c10::string_view> norm = c10::nullopt) {
  return torch::fft_rfft(self, n, dim, norm);
}
inline Tensor irfft(const Tensor &self, c10::optional<int64_t> n = c10::nullopt,
                    int64_t dim = -1,
                    c10::optional<c10::string_view> norm = c10::nullopt) {
  return torch::fft_irfft(self, n, dim, norm);
}
} // namespace fft
} // namespace torch
