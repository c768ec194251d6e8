// Mock of torch/csrc/jit/serialization/import.h.
#pragma once
#include <string>
#include <torch/csrc/jit/api/module.h>

namespace torch {
namespace jit {
TORCH_API Module load(const std::string& filename, c10::optional<c10::Device> device = c10::nullopt);
} // namespace jit
} // namespace torch
