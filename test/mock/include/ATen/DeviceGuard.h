// Mock of ATen/DeviceGuard.h.
#pragma once
#include <ATen/core/TensorBody.h>
#include <c10/core/DeviceGuard.h>

namespace at {
inline c10::optional<c10::Device> device_of(const TensorBase &t);
} // namespace at
