// The CUDA half of the example extension: launchers as a CUDAExtension
// builds them with nvcc. torchdtype reads their host side in clang's CUDA
// mode (examples/check.py does when CUDA headers are installed; see
// docs/extensions.md). Bugs are marked `// BUG(torchdtype-<check>)`, their
// correct twins `// OK`.
#include <torch/extension.h>
#include <vector>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>

#define CHECK_CUDA(x) TORCH_CHECK((x).is_cuda(), #x " must be a CUDA tensor")
#define CHECK_CONTIGUOUS(x) \
  TORCH_CHECK((x).is_contiguous(), #x " must be contiguous")
#define CHECK_INPUT(x) \
  CHECK_CUDA(x);       \
  CHECK_CONTIGUOUS(x)

constexpr int kThreads = 256;

template <typename scalar_t>
__global__ void bias_relu_kernel(const scalar_t *x, const scalar_t *bias,
                                 scalar_t *y, int64_t n, int64_t c) {
  const int64_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    const scalar_t v = x[i] + bias[i % c];
    y[i] = v > scalar_t(0) ? v : scalar_t(0);
  }
}

__global__ void histogram_kernel(const float *x, float *counts, int64_t n,
                                 int64_t bins) {
  const int64_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    const int64_t b = static_cast<int64_t>(x[i] * bins);
    atomicAdd(&counts[b < 0 ? 0 : b >= bins ? bins - 1 : b], 1.f);
  }
}

// OK: the device guard makes x's GPU the current one before the stream is
// taken; the output has x's options; the dispatch covers float16.
torch::Tensor bias_relu(torch::Tensor x, torch::Tensor bias) {
  CHECK_INPUT(x);
  CHECK_INPUT(bias);
  TORCH_CHECK(bias.scalar_type() == x.scalar_type(), "bias must have x's dtype");
  const at::cuda::OptionalCUDAGuard device_guard(device_of(x));
  auto y = torch::empty_like(x);
  const int64_t n = x.numel(), c = bias.numel();
  cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  AT_DISPATCH_FLOATING_TYPES_AND_HALF(x.scalar_type(), "bias_relu", [&] {
    bias_relu_kernel<scalar_t><<<(n + kThreads - 1) / kThreads, kThreads, 0, stream>>>(
        x.data_ptr<scalar_t>(), bias.data_ptr<scalar_t>(), y.data_ptr<scalar_t>(), n, c);
  });
  return y;
}

// The same launcher without the guard: with x on cuda:1 while the current
// device is cuda:0, the stream and the launch are device 0's.
torch::Tensor bias_relu_unguarded(torch::Tensor x, torch::Tensor bias) {
  CHECK_INPUT(x);
  CHECK_INPUT(bias);
  TORCH_CHECK(bias.scalar_type() == x.scalar_type(), "bias must have x's dtype");
  auto y = torch::empty_like(x);
  const int64_t n = x.numel(), c = bias.numel();
  cudaStream_t stream = at::cuda::getCurrentCUDAStream(); // BUG(torchdtype-missing-device-guard)
  AT_DISPATCH_FLOATING_TYPES_AND_HALF(x.scalar_type(), "bias_relu", [&] {
    bias_relu_kernel<scalar_t><<<(n + kThreads - 1) / kThreads, kThreads, 0, stream>>>(
        x.data_ptr<scalar_t>(), bias.data_ptr<scalar_t>(), y.data_ptr<scalar_t>(), n, c);
  });
  return y;
}

// The counts are allocated with default options: on the CPU, and the kernel
// writes to host memory.
torch::Tensor histogram(torch::Tensor x, int64_t bins) {
  CHECK_INPUT(x);
  TORCH_CHECK(x.scalar_type() == at::kFloat, "x must be float32");
  const at::cuda::OptionalCUDAGuard device_guard(device_of(x));
  auto counts = torch::zeros({bins});
  const int64_t n = x.numel();
  histogram_kernel<<<(n + kThreads - 1) / kThreads, kThreads, 0, at::cuda::getCurrentCUDAStream()>>>(
      x.data_ptr<float>(), counts.data_ptr<float>(), n, bins); // BUG(torchdtype-host-tensor-in-kernel)
  return counts;
}

// OK: the counts have x's options (its device, float32).
torch::Tensor histogram_ok(torch::Tensor x, int64_t bins) {
  CHECK_INPUT(x);
  TORCH_CHECK(x.scalar_type() == at::kFloat, "x must be float32");
  const at::cuda::OptionalCUDAGuard device_guard(device_of(x));
  auto counts = torch::zeros({bins}, x.options());
  const int64_t n = x.numel();
  histogram_kernel<<<(n + kThreads - 1) / kThreads, kThreads, 0, at::cuda::getCurrentCUDAStream()>>>(
      x.data_ptr<float>(), counts.data_ptr<float>(), n, bins);
  return counts;
}

// Bin edges computed on the host and wrapped on x's device: from_blob does
// not copy, and a CUDA build refuses the host pointer.
torch::Tensor bin_edges(torch::Tensor x, int64_t bins) {
  CHECK_INPUT(x);
  std::vector<float> edges(bins + 1);
  for (int64_t i = 0; i <= bins; ++i)
    edges[i] = float(i) / float(bins);
  return torch::from_blob(edges.data(), {bins + 1}, x.options()).clone(); // BUG(torchdtype-from-blob-device)
}

// OK: wrapped on the CPU, then copied to x's device.
torch::Tensor bin_edges_ok(torch::Tensor x, int64_t bins) {
  CHECK_INPUT(x);
  std::vector<float> edges(bins + 1);
  for (int64_t i = 0; i <= bins; ++i)
    edges[i] = float(i) / float(bins);
  return torch::from_blob(edges.data(), {bins + 1}, torch::kFloat).to(x.device());
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("bias_relu", &bias_relu, "bias + relu (CUDA)");
  m.def("bias_relu_unguarded", &bias_relu_unguarded, "bias + relu, no device guard (CUDA)");
  m.def("histogram", &histogram, "histogram of [0, 1) values (CUDA)");
  m.def("histogram_ok", &histogram_ok, "histogram of [0, 1) values (CUDA)");
  m.def("bin_edges", &bin_edges, "histogram bin edges on x's device");
  m.def("bin_edges_ok", &bin_edges_ok, "histogram bin edges on x's device");
}
