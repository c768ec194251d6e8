// Mock of ATen/core/TensorBase.h.
#pragma once
#include <c10/core/Scalar.h>
#include <c10/core/TensorOptions.h>
#include <c10/util/ArrayRef.h>

namespace at {
class TORCH_API TensorBase {
 public:
  TensorBase() = default;
  TensorBase(const TensorBase&) = default;
  TensorBase(TensorBase&&) noexcept = default;
  TensorBase& operator=(const TensorBase&) & = default;
  TensorBase& operator=(TensorBase&&) & noexcept = default;

  int64_t dim() const;
  int64_t ndimension() const { return dim(); }
  bool defined() const;
  void reset();
  bool is_same(const TensorBase& other) const noexcept;
  bool is_contiguous(c10::MemoryFormat memory_format = c10::MemoryFormat::Contiguous) const;
  c10::IntArrayRef sizes() const;
  c10::IntArrayRef strides() const;
  int64_t size(int64_t dim) const;
  int64_t stride(int64_t dim) const;
  int64_t numel() const;
  size_t nbytes() const;
  size_t itemsize() const;
  int64_t element_size() const;
  c10::ScalarType scalar_type() const;
  caffe2::TypeMeta dtype() const;
  c10::Device device() const;
  int64_t get_device() const;
  c10::Layout layout() const;
  bool is_cpu() const;
  bool is_cuda() const;
  bool is_xpu() const;
  bool is_mps() const;
  bool is_meta() const;
  bool is_sparse() const;
  bool is_floating_point() const;
  bool is_complex() const;
  bool requires_grad() const;
  c10::TensorOptions options() const;
  void* data_ptr() const;
  template <typename T>
  T* data_ptr() const;
  const TensorBase& set_requires_grad(bool requires_grad) const;
  const TensorBase& fill_(const c10::Scalar& scalar) const;
  const TensorBase& zero_() const;
  TensorBase contiguous(c10::MemoryFormat memory_format = c10::MemoryFormat::Contiguous) const;
  std::string toString() const;
};
} // namespace at
