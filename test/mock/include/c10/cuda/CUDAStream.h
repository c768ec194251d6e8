// Mock of c10/cuda/CUDAStream.h.
#pragma once
#include <cuda_runtime.h>
#include <c10/core/Device.h>

namespace c10::cuda {
class CUDAStream {
public:
  operator cudaStream_t() const;
  cudaStream_t stream() const;
  DeviceIndex device_index() const;
};
CUDAStream getCurrentCUDAStream(DeviceIndex device_index = -1);
CUDAStream getDefaultCUDAStream(DeviceIndex device_index = -1);
void set_device(DeviceIndex device);
} // namespace c10::cuda
