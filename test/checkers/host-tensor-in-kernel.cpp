// RUN: %check_clang_tidy %s torchdtype-host-tensor-in-kernel %t -- -- -x cuda --cuda-host-only -nocudainc -nocudalib
#include <torch/torch.h>
#include <ATen/Dispatch.h>
#include <cuda_runtime.h>

__global__ void count_kernel(const float *x, float *out, int64_t n) {}
template <typename T> __global__ void sum_kernel(const T *x, T *out, int64_t n) {}

#define CHECK_CUDA(x) TORCH_CHECK((x).is_cuda(), #x " must be a CUDA tensor")

// ---- Positives --------------------------------------------------------------

// The allocation takes the default options: a CPU tensor beside a CUDA input.
at::Tensor count(at::Tensor x) {
  CHECK_CUDA(x);
  auto out = torch::zeros({x.size(0)});
  count_kernel<<<1, 256>>>(x.data_ptr<float>(), out.data_ptr<float>(), x.numel());
  // CHECK-MESSAGES: :[[@LINE-1]]:53: warning: 'data_ptr' gives the memory of 'out', a CPU tensor, to a CUDA kernel; the kernel cannot read host memory and fails with an illegal memory access [kb: pytorch/host-tensor-in-kernel] [torchdtype-host-tensor-in-kernel]
  // CHECK-MESSAGES: :[[@LINE-3]]:14: note: 'out' is on cpu from here
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: the kernel launched here
  return out;
}

// Through a pointer variable, in a dispatch lambda.
at::Tensor total(at::Tensor x) {
  auto out = torch::empty({1}, torch::dtype(x.scalar_type()));
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "total", [&] {
    scalar_t *o = out.data_ptr<scalar_t>();
    // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: 'data_ptr' gives the memory of 'out', a CPU tensor
    sum_kernel<scalar_t><<<1, 256>>>(x.data_ptr<scalar_t>(), o, x.numel());
  });
  return out;
}

// Moved to the CPU on one branch and on the other: on every path.
void host_copy(at::Tensor x, bool pinned) {
  at::Tensor h = pinned ? x.cpu() : x.to(torch::kCPU);
  count_kernel<<<1, 1>>>(h.data_ptr<float>(), nullptr, 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: 'data_ptr' gives the memory of 'h', a CPU tensor
}

// CPU on the path where the flag is set: reported with the assumption.
void one_path(at::Tensor x, bool cpu) {
  at::Tensor t = cpu ? torch::zeros({4}) : torch::zeros({4}, x.options());
  count_kernel<<<1, 1>>>(t.data_ptr<float>(), nullptr, 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: 'data_ptr' gives the memory of 't', a CPU tensor
  // CHECK-MESSAGES: :[[@LINE-3]]:18: note: assuming 'cpu' is true
}

// In a loop, through a packed accessor's pointer variable.
void loop(std::vector<at::Tensor> xs) {
  for (const at::Tensor &x : xs) {
    auto acc = torch::ones({8}).to(torch::kFloat);
    const float *p = acc.const_data_ptr<float>();
    // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 'const_data_ptr' gives the memory of 'acc', a CPU tensor
    count_kernel<<<1, 8>>>(p, x.data_ptr<float>(), 8);
  }
}

// ---- Negatives --------------------------------------------------------------

// x.options() keeps the input's device.
at::Tensor count_ok(at::Tensor x) {
  CHECK_CUDA(x);
  auto out = torch::zeros({x.size(0)}, x.options());
  count_kernel<<<1, 256>>>(x.data_ptr<float>(), out.data_ptr<float>(), x.numel());
  return out;
}

// The device of a tensor from a parameter is not known: not reported.
void unknown(at::Tensor x, at::Tensor out) {
  count_kernel<<<1, 256>>>(x.data_ptr<float>(), out.data_ptr<float>(), x.numel());
}


// The host pointer is used on the host: not a launch argument.
float host_sum(at::Tensor x) {
  auto h = x.cpu();
  const float *p = h.data_ptr<float>();
  float s = 0;
  for (int64_t i = 0; i < h.numel(); ++i)
    s += p[i];
  return s;
}

// Moved to CUDA before the pointer is taken.
void moved(at::Tensor x) {
  auto w = torch::ones({4}).to(x.device());
  count_kernel<<<1, 1>>>(w.data_ptr<float>(), nullptr, 1);
}

// A template launcher whose tensor is CUDA.
template <typename T> void templ(at::Tensor x) {
  auto out = torch::zeros({4}, x.options());
  sum_kernel<T><<<1, 1>>>(x.data_ptr<T>(), out.data_ptr<T>(), 4);
}
template void templ<float>(at::Tensor);

// The variable is pointed elsewhere before the launch.
void reassigned(at::Tensor x, float *dev) {
  auto h = torch::zeros({4});
  float *p = h.data_ptr<float>();
  p = dev;
  count_kernel<<<1, 1>>>(p, nullptr, 1);
}

// Allocated on CUDA explicitly.
void on_cuda(at::Tensor x) {
  auto out = torch::zeros({4}, torch::device(torch::kCUDA));
  count_kernel<<<1, 1>>>(x.data_ptr<float>(), out.data_ptr<float>(), 1);
}
