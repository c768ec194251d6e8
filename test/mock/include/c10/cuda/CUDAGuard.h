// Mock of c10/cuda/CUDAGuard.h.
#pragma once
#include <c10/core/Device.h>
#include <c10/util/Optional.h>

namespace c10::cuda {
struct CUDAGuard {
  explicit CUDAGuard() = delete;
  explicit CUDAGuard(DeviceIndex device_index);
  explicit CUDAGuard(Device device);
  ~CUDAGuard();
  void set_device(Device device);
  void reset_device(Device device);
  void set_index(DeviceIndex device_index);
};
struct OptionalCUDAGuard {
  explicit OptionalCUDAGuard();
  explicit OptionalCUDAGuard(optional<Device> device_opt);
  explicit OptionalCUDAGuard(optional<DeviceIndex> device_index_opt);
  ~OptionalCUDAGuard();
  void set_device(Device device);
  void reset_device(Device device);
  void set_index(DeviceIndex device_index);
};
} // namespace c10::cuda
namespace at::cuda {
using c10::cuda::CUDAGuard;
using c10::cuda::OptionalCUDAGuard;
} // namespace at::cuda
