// Mock of ATen/core/TensorBase.h.
#pragma once
#include <c10/core/Scalar.h>
#include <c10/core/TensorOptions.h>
#include <c10/util/ArrayRef.h>
#include <cstddef>
#include <cstdint>

namespace at {
template <typename T> struct DefaultPtrTraits { typedef T *PtrType; };
template <typename T> struct RestrictPtrTraits { typedef T *__restrict__ PtrType; };
template <typename T, size_t N, template <typename U> class PtrTraits = DefaultPtrTraits,
          typename index_t = int64_t>
class TensorAccessor {
 public:
  T *data();
};
template <typename T, size_t N, template <typename U> class PtrTraits = DefaultPtrTraits,
          typename index_t = int64_t>
class GenericPackedTensorAccessor {
 public:
  T *data();
};
template <typename T, size_t N, template <typename U> class PtrTraits = DefaultPtrTraits>
using PackedTensorAccessor32 = GenericPackedTensorAccessor<T, N, PtrTraits, int32_t>;
template <typename T, size_t N, template <typename U> class PtrTraits = DefaultPtrTraits>
using PackedTensorAccessor64 = GenericPackedTensorAccessor<T, N, PtrTraits, int64_t>;

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
  template <typename T>
  T* mutable_data_ptr() const;
  template <typename T>
  const T* const_data_ptr() const;
  template <typename T, size_t N>
  TensorAccessor<T, N> accessor() const& {
    return TensorAccessor<T, N>();
  }
  template <typename T, size_t N, template <typename U> class PtrTraits = DefaultPtrTraits,
            typename index_t = int64_t>
  GenericPackedTensorAccessor<T, N, PtrTraits, index_t> generic_packed_accessor() const& {
    return GenericPackedTensorAccessor<T, N, PtrTraits, index_t>();
  }
  template <typename T, size_t N, template <typename U> class PtrTraits = DefaultPtrTraits>
  PackedTensorAccessor32<T, N, PtrTraits> packed_accessor32() const& {
    return generic_packed_accessor<T, N, PtrTraits, int32_t>();
  }
  template <typename T, size_t N, template <typename U> class PtrTraits = DefaultPtrTraits>
  PackedTensorAccessor64<T, N, PtrTraits> packed_accessor64() const& {
    return generic_packed_accessor<T, N, PtrTraits, int64_t>();
  }
  const TensorBase& set_requires_grad(bool requires_grad) const;
  const TensorBase& fill_(const c10::Scalar& scalar) const;
  const TensorBase& zero_() const;
  TensorBase contiguous(c10::MemoryFormat memory_format = c10::MemoryFormat::Contiguous) const;
  std::string toString() const;
};
} // namespace at
