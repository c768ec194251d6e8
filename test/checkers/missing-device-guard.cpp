// RUN: %check_clang_tidy -check-suffix=STRICT %s torchdtype-missing-device-guard %t -- -config="{CheckOptions: {torchdtype-missing-device-guard.StrictMode: true}}" -- -x cuda --cuda-host-only -nocudainc -nocudalib
// RUN: %check_clang_tidy %s torchdtype-missing-device-guard %t -- -- -x cuda --cuda-host-only -nocudainc -nocudalib
//
// StrictMode: every launcher below; by default only those whose callers are
// all seen: bound to Python at the end of the file, or called here.
#include <torch/extension.h>
#include <ATen/DeviceGuard.h>
#include <ATen/Dispatch.h>
#include <ATen/cuda/CUDAContext.h>
#include <cuda_runtime.h>

__global__ void scale_kernel(float *x, float s, int64_t n) {}
template <typename T> __global__ void add_kernel(const T *a, T *out, int64_t n) {}

// ---- Positives --------------------------------------------------------------

// The launcher of an extension: its tensors come from Python.
void scale_cuda(at::Tensor x, float s) {
  const int64_t n = x.numel();
  scale_kernel<<<(n + 255) / 256, 256>>>(x.data_ptr<float>(), s, n);
  // CHECK-MESSAGES-STRICT: :[[@LINE-1]]:3: warning: kernel launch in 'scale_cuda' uses the current CUDA device, and no device guard sets it to the device of 'x'; with 'x' on another GPU the kernel fails with an illegal memory access or works on the wrong GPU [kb: pytorch/missing-device-guard] [torchdtype-missing-device-guard]
  // CHECK-MESSAGES-STRICT: :[[@LINE-4]]:28: note: 'x' comes from the caller and may be on any GPU
  // CHECK-MESSAGES-STRICT: :[[@LINE-3]]:3: note: fix: Declare a device guard at the start of the function that launches: const at::cuda::OptionalCUDAGuard device_guard(device_of(x));
}

// The current stream taken for the launch, in a dispatch lambda.
at::Tensor add_cuda(const at::Tensor &a, const at::Tensor &b) {
  auto out = torch::empty_like(a);
  AT_DISPATCH_FLOATING_TYPES(a.scalar_type(), "add_cuda", [&] {
    auto stream = at::cuda::getCurrentCUDAStream();
    // CHECK-MESSAGES-STRICT: :[[@LINE-1]]:19: warning: 'getCurrentCUDAStream' in 'add_cuda' uses the current CUDA device, and no device guard sets it to the device of 'a'
    add_kernel<scalar_t><<<1, 256, 0, stream>>>(a.data_ptr<scalar_t>(),
                                                out.data_ptr<scalar_t>(),
                                                a.numel());
  });
  return out;
}

// A guard on one branch only does not cover the launch after it.
void branch_guard(at::Tensor x, bool multi) {
  if (multi) {
    const at::cuda::OptionalCUDAGuard g(at::device_of(x));
  }
  scale_kernel<<<1, 256>>>(x.data_ptr<float>(), 2.f, x.numel());
  // CHECK-MESSAGES-STRICT: :[[@LINE-1]]:3: warning: kernel launch in 'branch_guard'
}

// A helper launched from a caller in this file that has no guard either.
static void launch_helper(at::Tensor x) {
  scale_kernel<<<1, 256>>>(x.data_ptr<float>(), 2.f, x.numel());
  // CHECK-MESSAGES-STRICT: :[[@LINE-1]]:3: warning: kernel launch in 'launch_helper'
}
void unguarded_caller(at::Tensor x) {
  for (int i = 0; i < 3; ++i)
    launch_helper(x);
  // CHECK-MESSAGES-STRICT: :[[@LINE-1]]:5: note: 'launch_helper' is called here with no device guard before the call
}

// Through a macro of the user's (the launch is written in its expansion).
#define LAUNCH_SCALE(t) scale_kernel<<<1, 256>>>((t).data_ptr<float>(), 1.f, (t).numel())
void via_macro(at::TensorList xs) {
  for (const at::Tensor &x : xs)
    LAUNCH_SCALE(x);
  // CHECK-MESSAGES-STRICT: :[[@LINE-1]]:5: warning: kernel launch in 'via_macro' uses the current CUDA device, and no device guard sets it to the device of 'xs'
}

// A template launcher: reported once, where it is written.
template <typename T> void add_t(at::Tensor a, at::Tensor out) {
  add_kernel<T><<<1, 256>>>(a.data_ptr<T>(), out.data_ptr<T>(), a.numel());
  // CHECK-MESSAGES-STRICT: :[[@LINE-1]]:3: warning: kernel launch in 'add_t'
}
template void add_t<float>(at::Tensor, at::Tensor);
template void add_t<double>(at::Tensor, at::Tensor);

// ---- Negatives --------------------------------------------------------------

void guarded(at::Tensor x) {
  const at::cuda::OptionalCUDAGuard device_guard(at::device_of(x));
  scale_kernel<<<1, 256>>>(x.data_ptr<float>(), 2.f, x.numel());
}

void guarded_c10(at::Tensor x) {
  c10::cuda::CUDAGuard device_guard(x.device());
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "guarded_c10", [&] {
    auto stream = at::cuda::getCurrentCUDAStream();
    add_kernel<scalar_t><<<1, 256, 0, stream>>>(x.data_ptr<scalar_t>(),
                                                x.data_ptr<scalar_t>(),
                                                x.numel());
  });
}

void device_guard(at::Tensor x) {
  at::DeviceGuard g(x.device());
  scale_kernel<<<1, 256>>>(x.data_ptr<float>(), 2.f, x.numel());
}

void set_device_first(at::Tensor x) {
  cudaSetDevice(x.get_device());
  scale_kernel<<<1, 256>>>(x.data_ptr<float>(), 2.f, x.numel());
}

void guard_in_branch_with_launch(at::Tensor x) {
  if (x.numel() > 0) {
    const at::cuda::OptionalCUDAGuard g(at::device_of(x));
    scale_kernel<<<1, 256>>>(x.data_ptr<float>(), 2.f, x.numel());
  }
}

// Every caller in this file guards: the helper is covered.
static void guarded_helper(at::Tensor x) {
  scale_kernel<<<1, 256>>>(x.data_ptr<float>(), 2.f, x.numel());
}
void guarding_caller(at::Tensor x) {
  const at::cuda::OptionalCUDAGuard g(at::device_of(x));
  guarded_helper(x);
  guarded_helper(x);
}

// Two levels: the guard is in the caller's caller.
static void inner(at::Tensor x) {
  scale_kernel<<<1, 256>>>(x.data_ptr<float>(), 2.f, x.numel());
}
static void middle(at::Tensor x) { inner(x); }
void outer(at::Tensor x) {
  at::cuda::CUDAGuard g(x.device());
  middle(x);
}

// The stream of a named device is not the current device's.
cudaStream_t stream_of(at::Tensor x) {
  return at::cuda::getCurrentCUDAStream(x.get_device());
}

// No tensor parameter: what it launches on is its own business.
void no_tensors(float *p, int64_t n) {
  scale_kernel<<<1, 256>>>(p, 2.f, n);
}

// A guard in a lambda before the launch.
void lambda_guard(at::Tensor x) {
  auto run = [&] {
    const at::cuda::OptionalCUDAGuard g(at::device_of(x));
    scale_kernel<<<1, 256>>>(x.data_ptr<float>(), 2.f, x.numel());
  };
  run();
}

// ---- Bound to Python here: no caller can have set the device -----------------

void bound_launch(at::Tensor x) {
  scale_kernel<<<1, 256>>>(x.data_ptr<float>(), 2.f, x.numel());
  // CHECK-MESSAGES-STRICT: :[[@LINE-1]]:3: warning: kernel launch in 'bound_launch'
  // CHECK-MESSAGES: :[[@LINE-2]]:3: warning: kernel launch in 'bound_launch' uses the current CUDA device, and no device guard sets it to the device of 'x'
}
void bound_guarded(at::Tensor x) {
  const at::cuda::OptionalCUDAGuard g(at::device_of(x));
  scale_kernel<<<1, 256>>>(x.data_ptr<float>(), 2.f, x.numel());
}
// Called by a bound function without a guard: the call is named.
static void helper_of_bound(at::Tensor x) {
  scale_kernel<<<1, 256>>>(x.data_ptr<float>(), 2.f, x.numel());
  // CHECK-MESSAGES-STRICT: :[[@LINE-1]]:3: warning: kernel launch in 'helper_of_bound'
  // CHECK-MESSAGES: :[[@LINE-2]]:3: warning: kernel launch in 'helper_of_bound'
}
void bound_caller(at::Tensor x) {
  helper_of_bound(x);
  // CHECK-MESSAGES-STRICT: :[[@LINE-1]]:3: note: 'helper_of_bound' is called here with no device guard before the call
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: 'helper_of_bound' is called here with no device guard before the call
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("bound_launch", &bound_launch);
  m.def("bound_guarded", &bound_guarded);
  m.def("bound_caller", bound_caller);
}
