// A CUDA launcher as extensions write them; its host side is analysed in
// clang's CUDA mode (test/driver/cuda_test.py). A `// BUG(<check>)` comment
// marks the line each finding must be on; nothing else may be reported.
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>
#include <cuda_runtime.h>

template <typename T>
__global__ void scale_kernel(const T *x, T *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = x[i] * T(2);
}

torch::Tensor scale_half_cuda(torch::Tensor x) {
  TORCH_CHECK(x.scalar_type() == at::kHalf, "x must be float16");
  const at::cuda::OptionalCUDAGuard device_guard(device_of(x));
  auto y = torch::empty_like(x);
  int n = x.numel();
  cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  scale_kernel<float><<<(n + 255) / 256, 256, 0, stream>>>(
      x.data_ptr<float>(), // BUG(data-ptr-dtype)
      y.data_ptr<float>(), n);
  return y;
}

torch::Tensor scale_float_cuda(torch::Tensor x) {
  TORCH_CHECK(x.is_cuda() && x.scalar_type() == at::kFloat, "x must be float32 on CUDA");
  auto y = torch::empty_like(x);
  int n = x.numel();
  scale_kernel<float><<<(n + 255) / 256, 256>>>(x.data_ptr<float>(), // BUG(missing-device-guard)
                                                y.data_ptr<float>(), n);
  return y;
}

// Host code calling ::min(int, int), which nvcc declares for the host
// (mmcv's GET_BLOCKS) and clang's CUDA headers do not.
inline int blocks_for(int n) { return min((n + 255) / 256, 4096); }

torch::Tensor scale_float_guarded(torch::Tensor x) {
  TORCH_CHECK(x.is_cuda() && x.scalar_type() == at::kFloat, "x must be float32 on CUDA");
  at::cuda::CUDAGuard device_guard(x.device());
  auto y = torch::empty_like(x);
  int n = x.numel();
  scale_kernel<float><<<blocks_for(n), 256, 0, at::cuda::getCurrentCUDAStream()>>>(
      x.data_ptr<float>(), y.data_ptr<float>(), n);
  return y;
}

torch::Tensor scale_into_new(torch::Tensor x) {
  TORCH_CHECK(x.is_cuda() && x.scalar_type() == at::kFloat, "x must be float32 on CUDA");
  const at::cuda::OptionalCUDAGuard device_guard(device_of(x));
  auto y = torch::zeros({x.numel()});
  int n = x.numel();
  scale_kernel<float><<<(n + 255) / 256, 256>>>(x.data_ptr<float>(),
                                                y.data_ptr<float>(), n); // BUG(host-tensor-in-kernel)
  return y;
}

torch::Tensor scale_into_new_ok(torch::Tensor x) {
  TORCH_CHECK(x.is_cuda() && x.scalar_type() == at::kFloat, "x must be float32 on CUDA");
  const at::cuda::OptionalCUDAGuard device_guard(device_of(x));
  auto y = torch::zeros({x.numel()}, x.options());
  int n = x.numel();
  scale_kernel<float><<<(n + 255) / 256, 256>>>(x.data_ptr<float>(),
                                                y.data_ptr<float>(), n);
  return y;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("scale_half", &scale_half_cuda);
  m.def("scale_float", &scale_float_cuda);
  m.def("scale_float_guarded", &scale_float_guarded);
  m.def("scale_into_new", &scale_into_new);
  m.def("scale_into_new_ok", &scale_into_new_ok);
}
