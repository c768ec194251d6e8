// Mock of torch/csrc/api/include/torch/linalg.h (subset): inline wrappers
// of the aten linalg_* ops, some through torch::linalg::detail, as in 1.13.1.
#pragma once
#include <ATen/ATen.h>
#include <torch/types.h>

namespace torch {
namespace linalg {
namespace detail {
inline Tensor inv(const Tensor &input) { return torch::linalg_inv(input); }
} // namespace detail
inline Tensor matrix_exp(const Tensor &input) {
  return torch::linalg_matrix_exp(input);
}
inline Tensor inv(const Tensor &input) { return detail::inv(input); }
} // namespace linalg
} // namespace torch
