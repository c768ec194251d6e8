// Mock of torch/csrc/autograd/generated/variable_factories.h: the torch::
// factories (they hide the at:: ones for torch:: qualified lookup).
#pragma once
#include <initializer_list>
#include <vector>
#include <ATen/ATen.h>

namespace torch {
namespace detail {
// Mock of torch/csrc/api/include/torch/detail/TensorDataContainer.h.
struct TensorDataContainer {
#define TENSOR(T, S) TensorDataContainer(T value);
  TENSOR(uint8_t, Byte)
  TENSOR(int8_t, Char)
  TENSOR(int16_t, Short)
  TENSOR(int, Int)
  TENSOR(int64_t, Long)
  TENSOR(float, Float)
  TENSOR(double, Double)
  TENSOR(bool, Bool)
  TENSOR(c10::Half, Half)
  TENSOR(c10::BFloat16, BFloat16)
#undef TENSOR
  TensorDataContainer(std::initializer_list<TensorDataContainer> init_list);
  template <typename T>
  TensorDataContainer(at::ArrayRef<T> values);
  template <typename T>
  TensorDataContainer(const std::vector<T>& values);
  bool is_scalar() const;
  c10::ScalarType scalar_type() const;
};
} // namespace detail

TORCH_API at::Tensor tensor(detail::TensorDataContainer tensor_data_container, const at::TensorOptions& options = {});

TORCH_API at::Tensor from_blob(void* data, at::IntArrayRef sizes, at::IntArrayRef strides, const at::TensorOptions& options = at::TensorOptions());
TORCH_API at::Tensor from_blob(void* data, at::IntArrayRef sizes, const at::TensorOptions& options = at::TensorOptions());

TORCH_API at::Tensor arange(const at::Scalar & end, at::TensorOptions options = {});
TORCH_API at::Tensor arange(const at::Scalar & start, const at::Scalar & end, at::TensorOptions options = {});
TORCH_API at::Tensor arange(const at::Scalar & start, const at::Scalar & end, const at::Scalar & step, at::TensorOptions options = {});
TORCH_API at::Tensor empty(at::IntArrayRef size, at::TensorOptions options = {}, c10::optional<at::MemoryFormat> memory_format = c10::nullopt);
TORCH_API at::Tensor empty_like(const at::Tensor & self, at::TensorOptions options = {}, c10::optional<at::MemoryFormat> memory_format = c10::nullopt);
TORCH_API at::Tensor eye(int64_t n, at::TensorOptions options = {});
TORCH_API at::Tensor hann_window(int64_t window_length, at::TensorOptions options = {});
TORCH_API at::Tensor hann_window(int64_t window_length, bool periodic, at::TensorOptions options = {});
TORCH_API at::Tensor eye(int64_t n, int64_t m, at::TensorOptions options = {});
TORCH_API at::Tensor full(at::IntArrayRef size, const at::Scalar & fill_value, at::TensorOptions options = {});
TORCH_API at::Tensor ones(at::IntArrayRef size, at::TensorOptions options = {});
TORCH_API at::Tensor ones_like(const at::Tensor & self, at::TensorOptions options = {}, c10::optional<at::MemoryFormat> memory_format = c10::nullopt);
TORCH_API at::Tensor rand(at::IntArrayRef size, at::TensorOptions options = {});
TORCH_API at::Tensor rand_like(const at::Tensor & self, at::TensorOptions options = {}, c10::optional<at::MemoryFormat> memory_format = c10::nullopt);
TORCH_API at::Tensor randint(int64_t high, at::IntArrayRef size, at::TensorOptions options = at::kLong);
TORCH_API at::Tensor randint(int64_t low, int64_t high, at::IntArrayRef size, at::TensorOptions options = at::kLong);
TORCH_API at::Tensor randn(at::IntArrayRef size, at::TensorOptions options = {});
TORCH_API at::Tensor randn_like(const at::Tensor & self, at::TensorOptions options = {}, c10::optional<at::MemoryFormat> memory_format = c10::nullopt);
TORCH_API at::Tensor scalar_tensor(const at::Scalar & s, at::TensorOptions options = {});
TORCH_API at::Tensor zeros(at::IntArrayRef size, at::TensorOptions options = {});
TORCH_API at::Tensor zeros_like(const at::Tensor & self, at::TensorOptions options = {}, c10::optional<at::MemoryFormat> memory_format = c10::nullopt);
} // namespace torch
