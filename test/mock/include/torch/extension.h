// Mock of torch/extension.h (the pybind11 part is left out).
#pragma once
#include <torch/all.h>
#define TORCH_EXTENSION_NAME torchdtype_mock_ext
#define PYBIND11_MODULE(name, variable) \
  struct pybind11_mock_module_##name {}; \
  static void pybind11_init_##name(pybind11_mock_module_##name& variable)
