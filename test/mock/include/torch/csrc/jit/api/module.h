// Mock of torch/csrc/jit/api/module.h (TorchScript module).
#pragma once
#include <string>
#include <vector>
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>

namespace torch {
namespace jit {
struct Kwargs {
  Kwargs();
};
struct TORCH_API Object {
  Object() = default;
  c10::IValue attr(const std::string& name) const;
  void setattr(const std::string& name, c10::IValue v);
  bool hasattr(const std::string& name) const;
};
struct TORCH_API Method {
  c10::IValue operator()(std::vector<c10::IValue> stack, const Kwargs& kwargs = Kwargs()) const;
  const std::string& name() const;
};
struct TORCH_API Module : public Object {
  explicit Module(const std::string& class_name);
  Module() = default;
  Module(const Module&) = default;
  Module& operator=(const Module&) = default;
  Module(Module&&) noexcept = default;
  Module& operator=(Module&&) noexcept = default;
  ~Module() = default;

  c10::IValue forward(std::vector<c10::IValue> inputs, const Kwargs& kwargs = Kwargs());
  Method get_method(const std::string& name) const;
  template <typename... Types>
  c10::IValue run_method(const std::string& method_name, Types&&... args);

  void register_parameter(const std::string& name, at::Tensor v, bool is_buffer);
  void register_buffer(const std::string& name, at::Tensor v);
  std::vector<at::Tensor> parameters(bool recurse = true) const;
  void train(bool on = true);
  void eval() { train(/*on=*/false); }
  bool is_training() const;

  void to(at::Device device, at::ScalarType dtype, bool non_blocking = false);
  void to(at::ScalarType dtype, bool non_blocking = false);
  void to(at::Device device, bool non_blocking = false);

  void save(const std::string& filename) const;
  Module clone(bool inplace = false) const;
};

namespace script {
// We once had a `script::` namespace that was deleted. This is for backcompat
// of the public API; new code should not use this type alias.
using Module = ::torch::jit::Module;
} // namespace script
} // namespace jit
} // namespace torch
