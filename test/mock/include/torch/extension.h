// Mock of torch/extension.h (of pybind11, a module's def only).
#pragma once
#include <torch/all.h>
#ifndef TORCH_EXTENSION_NAME
#define TORCH_EXTENSION_NAME torchdtype_mock_ext
#endif
namespace pybind11 {
class module_ {
public:
  template <typename Func, typename... Extra>
  module_ &def(const char *name, Func &&f, const Extra &...extra);
};
} // namespace pybind11
#define PYBIND11_MODULE(name, variable) \
  static void pybind11_init_##name(::pybind11::module_ &variable)
