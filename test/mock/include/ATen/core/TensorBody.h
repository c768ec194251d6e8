// Mock of ATen/core/TensorBody.h: at::Tensor with the 1.13 method signatures.
#pragma once
#include <ATen/core/TensorBase.h>

#include <c10/util/string_view.h>
#include <initializer_list>
#include <tuple>
#include <vector>

namespace at {
namespace indexing {
struct TensorIndex;
} // namespace indexing
using c10::IntArrayRef;
using c10::optional;
using c10::ArrayRef;
class Tensor;
using TensorList = ArrayRef<Tensor>;
using OptionalIntArrayRef = c10::optional<IntArrayRef>;

class TORCH_API Tensor : public TensorBase {
 public:
  Tensor() = default;
  explicit Tensor(const TensorBase& base) : TensorBase(base) {}
  Tensor(const Tensor& tensor) = default;
  Tensor(Tensor&& tensor) = default;
  /*implicit*/ Tensor(TensorBase&& base) : TensorBase(std::move(base)) {}

  Tensor& operator=(const TensorBase& x) &;
  Tensor& operator=(TensorBase&& x) &;
  Tensor& operator=(const Tensor& x) & { TensorBase::operator=(x); return *this; }
  Tensor& operator=(Tensor&& x) & { TensorBase::operator=(std::move(x)); return *this; }
  Tensor& operator=(const Scalar& v) &&;
  Tensor& operator=(const Tensor& rhs) &&;
  Tensor& operator=(Tensor&& rhs) &&;

  Tensor contiguous(MemoryFormat memory_format = MemoryFormat::Contiguous) const {
    return TensorBase::contiguous(memory_format);
  }

  Tensor toType(ScalarType t) const {
    return to(options().dtype(t), /*non_blocking*/ false, /*copy*/ false);
  }
  // TODO: Deprecate me
  Tensor toBackend(Backend b) const;

  Tensor cpu() const {
    return to(options().device(DeviceType::CPU), /*non_blocking*/ false, /*copy*/ false);
  }
  Tensor cuda() const {
    return to(options().device(DeviceType::CUDA), /*non_blocking*/ false, /*copy*/ false);
  }
  Tensor hip() const {
    return to(options().device(DeviceType::HIP), /*non_blocking*/ false, /*copy*/ false);
  }
  Tensor meta() const {
    return to(options().device(DeviceType::Meta), /*non_blocking*/ false, /*copy*/ false);
  }

  Tensor operator~() const;
  Tensor operator-() const;
  Tensor& operator+=(const Tensor& other) { return add_(other); }
  Tensor& operator+=(Scalar other) { return add_(other); }
  Tensor& operator-=(const Tensor& other) { return sub_(other); }
  Tensor& operator-=(Scalar other) { return sub_(other); }
  Tensor& operator*=(const Tensor& other) { return mul_(other); }
  Tensor& operator*=(Scalar other) { return mul_(other); }
  Tensor& operator/=(const Tensor& other) { return div_(other); }
  Tensor& operator/=(Scalar other) { return div_(other); }
  Tensor operator[](Scalar index) const;
  Tensor operator[](Tensor index) const;
  Tensor operator[](int64_t index) const;

  template <typename T>
  T item() const;
  template <typename T>
  T* data_ptr() const;

  void backward(const Tensor& gradient = {}, c10::optional<bool> retain_graph = c10::nullopt,
                bool create_graph = false, c10::optional<TensorList> inputs = c10::nullopt) const;
  const Tensor& set_requires_grad(bool requires_grad) const;
  Tensor& grad();
  const Tensor& grad() const;
  Tensor data() const;

  // Generated methods (aten/src/ATen/templates/TensorBody.h), as declared in 1.13.1.
  at::Tensor abs() const;
  at::Tensor & abs_() const;
  at::Tensor add(const at::Tensor & other, const at::Scalar & alpha=1) const;
  at::Tensor & add_(const at::Tensor & other, const at::Scalar & alpha=1) const;
  at::Tensor add(const at::Scalar & other, const at::Scalar & alpha=1) const;
  at::Tensor & add_(const at::Scalar & other, const at::Scalar & alpha=1) const;
  at::Tensor addmm(const at::Tensor & mat1, const at::Tensor & mat2, const at::Scalar & beta=1, const at::Scalar & alpha=1) const;
  at::Tensor & addmm_(const at::Tensor & mat1, const at::Tensor & mat2, const at::Scalar & beta=1, const at::Scalar & alpha=1) const;
  at::Tensor addmv(const at::Tensor & mat, const at::Tensor & vec, const at::Scalar & beta=1, const at::Scalar & alpha=1) const;
  at::Tensor argmax(c10::optional<int64_t> dim=c10::nullopt, bool keepdim=false) const;
  at::Tensor bmm(const at::Tensor & mat2) const;
  at::Tensor clamp(const c10::optional<at::Scalar> & min, const c10::optional<at::Scalar> & max=c10::nullopt) const;
  at::Tensor & clamp_(const c10::optional<at::Scalar> & min, const c10::optional<at::Scalar> & max=c10::nullopt) const;
  at::Tensor & clamp_min_(const at::Scalar & min) const;
  at::Tensor clamp_min(const at::Scalar & min) const;
  at::Tensor clamp_min(const at::Tensor & min) const;
  at::Tensor norm(const at::Scalar & p=2) const;
  at::Tensor norm(const c10::optional<at::Scalar> & p, at::IntArrayRef dim, bool keepdim=false) const;
  at::Tensor & copy_(const at::Tensor & src, bool non_blocking=false) const;
  at::Tensor div(const at::Tensor & other) const;
  at::Tensor & div_(const at::Tensor & other) const;
  at::Tensor div(const at::Scalar & other) const;
  at::Tensor & div_(const at::Scalar & other) const;
  at::Tensor dot(const at::Tensor & tensor) const;
  at::Tensor exp() const;
  at::Tensor flatten(int64_t start_dim=0, int64_t end_dim=-1) const;
  at::Tensor index_select(int64_t dim, const at::Tensor & index) const;
  at::Tensor gather(int64_t dim, const at::Tensor & index, bool sparse_grad=false) const;
  at::Tensor bitwise_and(const at::Tensor & other) const;
  at::Tensor bitwise_and(const at::Scalar & other) const;
  at::Tensor argsort(int64_t dim=-1, bool descending=false) const;
  at::Tensor & index_add_(int64_t dim, const at::Tensor & index, const at::Tensor & source, const at::Scalar & alpha=1) const;
  at::Tensor & index_copy_(int64_t dim, const at::Tensor & index, const at::Tensor & source) const;
  at::Tensor index_copy(int64_t dim, const at::Tensor & index, const at::Tensor & source) const;
  at::Tensor index_add(int64_t dim, const at::Tensor & index, const at::Tensor & source, const at::Scalar & alpha=1) const;
  Tensor index(ArrayRef<at::indexing::TensorIndex> indices) const;
  Tensor index(std::initializer_list<at::indexing::TensorIndex> indices) const;
  Tensor & index_put_(std::initializer_list<at::indexing::TensorIndex> indices, Tensor const & rhs);
  Tensor & index_put_(std::initializer_list<at::indexing::TensorIndex> indices, const Scalar& v);
  at::Tensor & masked_scatter_(const at::Tensor & mask, const at::Tensor & source) const;
  at::Tensor masked_scatter(const at::Tensor & mask, const at::Tensor & source) const;
  at::Tensor & masked_fill_(const at::Tensor & mask, const at::Scalar & value) const;
  at::Tensor & scatter_(int64_t dim, const at::Tensor & index, const at::Scalar & value) const;
  at::Tensor & scatter_add_(int64_t dim, const at::Tensor & index, const at::Tensor & src) const;
  at::Tensor & put_(const at::Tensor & index, const at::Tensor & source, bool accumulate=false) const;
  at::Tensor & lerp_(const at::Tensor & end, const at::Scalar & weight) const;
  at::Tensor & lerp_(const at::Tensor & end, const at::Tensor & weight) const;
  at::Tensor & addcmul_(const at::Tensor & tensor1, const at::Tensor & tensor2, const at::Scalar & value=1) const;
  at::Tensor & addcdiv_(const at::Tensor & tensor1, const at::Tensor & tensor2, const at::Scalar & value=1) const;
  at::Tensor & div_(const at::Tensor & other, c10::optional<c10::string_view> rounding_mode) const;
  at::Tensor & div_(const at::Scalar & other, c10::optional<c10::string_view> rounding_mode) const;
  at::Tensor log() const;
  at::Tensor log_softmax(int64_t dim, c10::optional<at::ScalarType> dtype=c10::nullopt) const;
  at::Tensor matmul(const at::Tensor & other) const;
  at::Tensor max() const;
  ::std::tuple<at::Tensor,at::Tensor> max(int64_t dim, bool keepdim=false) const;
  ::std::tuple<at::Tensor,at::Tensor> sort(int64_t dim=-1, bool descending=false) const;
  at::Tensor mean(c10::optional<at::ScalarType> dtype=c10::nullopt) const;
  at::Tensor mean(at::OptionalIntArrayRef dim, bool keepdim=false, c10::optional<at::ScalarType> dtype=c10::nullopt) const;
  at::Tensor std(bool unbiased=true) const;
  at::Tensor var(bool unbiased=true) const;
  at::Tensor min() const;
  at::Tensor mm(const at::Tensor & mat2) const;
  at::Tensor mul(const at::Tensor & other) const;
  at::Tensor & mul_(const at::Tensor & other) const;
  at::Tensor mul(const at::Scalar & other) const;
  at::Tensor & mul_(const at::Scalar & other) const;
  at::Tensor mv(const at::Tensor & vec) const;
  at::Tensor permute(at::IntArrayRef dims) const;
  at::Tensor pow(const at::Tensor & exponent) const;
  at::Tensor pow(const at::Scalar & exponent) const;
  at::Tensor relu() const;
  at::Tensor & relu_() const;
  at::Tensor reshape(at::IntArrayRef shape) const;
  at::Tensor select(int64_t dim, int64_t index) const;
  at::Tensor slice(int64_t dim=0, c10::optional<int64_t> start=c10::nullopt, c10::optional<int64_t> end=c10::nullopt, int64_t step=1) const;
  at::Tensor sigmoid() const;
  at::Tensor detach() const;
  void set_data(const Tensor& new_data) const;
  at::Tensor & detach_() const;
  at::Tensor softmax(int64_t dim, c10::optional<at::ScalarType> dtype=c10::nullopt) const;
  at::Tensor sqrt() const;
  at::Tensor squeeze() const;
  at::Tensor squeeze(int64_t dim) const;
  at::Tensor sub(const at::Tensor & other, const at::Scalar & alpha=1) const;
  at::Tensor & sub_(const at::Tensor & other, const at::Scalar & alpha=1) const;
  at::Tensor sub(const at::Scalar & other, const at::Scalar & alpha=1) const;
  at::Tensor & sub_(const at::Scalar & other, const at::Scalar & alpha=1) const;
  at::Tensor sum(c10::optional<at::ScalarType> dtype=c10::nullopt) const;
  at::Tensor sum(at::OptionalIntArrayRef dim, bool keepdim=false, c10::optional<at::ScalarType> dtype=c10::nullopt) const;
  at::Tensor t() const;
  at::Tensor tanh() const;
  at::Tensor transpose(int64_t dim0, int64_t dim1) const;
  at::Tensor type_as(const at::Tensor & other) const;
  at::Tensor unsqueeze(int64_t dim) const;
  at::Tensor & unsqueeze_(int64_t dim) const;
  at::Tensor clone(c10::optional<at::MemoryFormat> memory_format=c10::nullopt) const;
  at::Tensor & zero_() const;
  at::Tensor & fill_(const at::Scalar & value) const;
  at::Tensor masked_fill(const at::Tensor & mask, const at::Scalar & value) const;
  at::Tensor index_fill(int64_t dim, const at::Tensor & index, const at::Scalar & value) const;
  at::Tensor & index_fill_(int64_t dim, const at::Tensor & index, const at::Scalar & value) const;
  at::Tensor & scatter_(int64_t dim, const at::Tensor & index, const at::Tensor & src) const;
  at::Tensor to(at::TensorOptions options={}, bool non_blocking=false, bool copy=false, c10::optional<at::MemoryFormat> memory_format=c10::nullopt) const;
  at::Tensor to(c10::optional<at::ScalarType> dtype, c10::optional<at::Layout> layout, c10::optional<at::Device> device, c10::optional<bool> pin_memory, bool non_blocking, bool copy, c10::optional<at::MemoryFormat> memory_format) const;
  at::Tensor to(at::Device device, at::ScalarType dtype, bool non_blocking=false, bool copy=false, c10::optional<at::MemoryFormat> memory_format=c10::nullopt) const;
  at::Tensor to(at::ScalarType dtype, bool non_blocking=false, bool copy=false, c10::optional<at::MemoryFormat> memory_format=c10::nullopt) const;
  at::Tensor to(const at::Tensor & other, bool non_blocking=false, bool copy=false, c10::optional<at::MemoryFormat> memory_format=c10::nullopt) const;
  at::Scalar item() const;
  at::Tensor view(at::IntArrayRef size) const;
  std::vector<at::Tensor> split(int64_t split_size, int64_t dim=0) const;
  std::vector<at::Tensor> chunk(int64_t chunks, int64_t dim=0) const;
  std::vector<at::Tensor> unbind(int64_t dim=0) const;
  at::Tensor view(at::ScalarType dtype) const;
  at::Tensor view_as(const at::Tensor & other) const;
  at::Tensor expand(at::IntArrayRef size, bool implicit=false) const;
  at::Tensor eq(const at::Tensor & other) const;
  at::Tensor ne(const at::Tensor & other) const;
  at::Tensor lt(const at::Tensor & other) const;
  at::Tensor gt(const at::Tensor & other) const;

  // Hand-written in TensorBody.h (1.13).
  inline Tensor to(caffe2::TypeMeta type_meta, bool non_blocking=false, bool copy=false) const {
    return this->to(/*scalar_type=*/typeMetaToScalarType(type_meta), non_blocking, copy);
  }
  inline Tensor to(Device device, caffe2::TypeMeta type_meta, bool non_blocking=false, bool copy=false) const {
    return this->to(device, /*scalar_type=*/typeMetaToScalarType(type_meta), non_blocking, copy);
  }
};
} // namespace at
