// Mock of c10/core/DeviceGuard.h.
#pragma once
#include <c10/core/Device.h>
#include <c10/util/Optional.h>

namespace c10 {
class DeviceGuard {
public:
  explicit DeviceGuard(Device device);
  ~DeviceGuard();
  void set_device(Device device);
  void reset_device(Device device);
};
class OptionalDeviceGuard {
public:
  explicit OptionalDeviceGuard();
  explicit OptionalDeviceGuard(Device device);
  explicit OptionalDeviceGuard(optional<Device> device);
  ~OptionalDeviceGuard();
  void set_device(Device device);
  void reset_device(Device device);
};
} // namespace c10
namespace at {
using c10::DeviceGuard;
using c10::OptionalDeviceGuard;
} // namespace at
