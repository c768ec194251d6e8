// Real-header tier: torchdtype-from-blob-device. from_blob never copies; a
// CUDA build refuses host memory it is told is on CUDA
// (ATen/cuda/CUDADevice.h's getDeviceFromPtr, the same in 1.13 and 2.x).
#include <torch/torch.h>
#include <vector>

torch::Tensor upload(std::vector<float> &v, const torch::Tensor &x) {
  TORCH_CHECK(x.is_cuda(), "x must be a CUDA tensor");
  auto bad = torch::from_blob(v.data(), {(int64_t)v.size()}, x.options());
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'from_blob' is told a CUDA device for the host memory of std::vector; it does not copy, and a CUDA build refuses host memory: "The specified pointer resides on host memory and is not registered with any CUDA device." [kb: pytorch/from-blob-device] [torchdtype-from-blob-device]
  auto good = torch::from_blob(v.data(), {(int64_t)v.size()}).to(x.device());
  return bad + good;
}

torch::Tensor staged(int64_t n) {
  float *buf = new float[n];
  auto dev = torch::from_blob(buf, {n},
                              torch::TensorOptions().device(torch::kCUDA));
  // CHECK-MESSAGES: :[[@LINE-2]]:{{[0-9]+}}: warning: 'from_blob' is told a CUDA device for memory from new{{.*}} [torchdtype-from-blob-device]
  // A CPU tensor's memory is left alone: it may be pinned.
  auto pinned = torch::empty({n}, torch::TensorOptions().pinned_memory(true));
  auto view = torch::from_blob(pinned.data_ptr<float>(), {n}, torch::kCUDA);
  return view + dev;
}
