// Mock of ATen/core/ivalue.h: c10::IValue.
#pragma once
#include <string>
#include <vector>
#include <ATen/core/TensorBody.h>

namespace c10 {
struct TORCH_API IValue final {
  IValue() : tag(Tag::None) {}
  IValue(const IValue& rhs) = default;
  IValue(IValue&& rhs) noexcept = default;
  IValue& operator=(IValue&& rhs) & noexcept = default;
  IValue& operator=(IValue const& rhs) & = default;
  ~IValue() = default;

  IValue(at::TensorBase t) : tag(Tag::Tensor) { (void)t; }
  bool isTensor() const { return Tag::Tensor == tag; }
  at::Tensor toTensor() &&;
  at::Tensor& toTensor() &;
  const at::Tensor& toTensor() const&;

  IValue(double d) : tag(Tag::Double) { (void)d; }
  bool isDouble() const { return Tag::Double == tag; }
  double toDouble() const;
  IValue(int64_t i) : tag(Tag::Int) { (void)i; }
  IValue(int32_t i) : IValue(static_cast<int64_t>(i)) {}
  bool isInt() const { return Tag::Int == tag; }
  int64_t toInt() const;
  IValue(bool b) : tag(Tag::Bool) { (void)b; }
  bool isBool() const { return Tag::Bool == tag; }
  bool toBool() const;
  IValue(std::string v);
  IValue(const char* v);
  bool isString() const { return Tag::String == tag; }
  std::string toStringRef() const;
  IValue(c10::ScalarType t) : IValue(static_cast<int64_t>(t)) {}
  at::ScalarType toScalarType() const;
  IValue(c10::Device d) : tag(Tag::Device) { (void)d; }
  c10::Device toDevice() const;
  IValue(std::vector<IValue> v);
  bool isList() const;
  bool isTuple() const;
  bool isNone() const { return Tag::None == tag; }

 private:
  enum class Tag : uint32_t { None, Tensor, Double, Int, Bool, String, Device, GenericList, Tuple };
  Tag tag;
};
} // namespace c10

// ATen/core/stack.h
namespace torch {
namespace jit {
using c10::IValue;
using Stack = std::vector<IValue>;
} // namespace jit
} // namespace torch
