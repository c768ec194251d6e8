// A CUDA launcher as extensions write them; its host side is analysed in
// clang's CUDA mode (test/driver/cuda_test.py).
#include <torch/extension.h>
#include <cuda_runtime.h>

template <typename T>
__global__ void scale_kernel(const T *x, T *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = x[i] * T(2);
}

torch::Tensor scale_half_cuda(torch::Tensor x) {
  TORCH_CHECK(x.scalar_type() == at::kHalf, "x must be float16");
  auto y = torch::empty_like(x);
  int n = x.numel();
  scale_kernel<float><<<(n + 255) / 256, 256>>>(x.data_ptr<float>(), // BUG
                                                y.data_ptr<float>(), n);
  return y;
}

torch::Tensor scale_float_cuda(torch::Tensor x) {
  TORCH_CHECK(x.scalar_type() == at::kFloat, "x must be float32");
  auto y = torch::empty_like(x);
  int n = x.numel();
  scale_kernel<float><<<(n + 255) / 256, 256>>>(x.data_ptr<float>(),
                                                y.data_ptr<float>(), n);
  return y;
}
