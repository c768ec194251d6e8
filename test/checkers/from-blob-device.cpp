// RUN: %check_clang_tidy %s torchdtype-from-blob-device %t
#include <torch/torch.h>
#include <array>
#include <cstdlib>
#include <vector>

// ---- Positives --------------------------------------------------------------

torch::Tensor upload(std::vector<float> &v) {
  return torch::from_blob(v.data(), {(int64_t)v.size()},
                          torch::TensorOptions().device(torch::kCUDA));
  // CHECK-MESSAGES: :[[@LINE-2]]:10: warning: 'from_blob' is told a CUDA device for the host memory of std::vector; it does not copy, and a CUDA build refuses host memory: "The specified pointer resides on host memory and is not registered with any CUDA device." [kb: pytorch/from-blob-device] [torchdtype-from-blob-device]
  // CHECK-MESSAGES: :[[@LINE-2]]:57: note: the device is cuda from here
  // CHECK-MESSAGES: :[[@LINE-4]]:10: note: fix: Wrap the buffer as a CPU tensor, then copy it to the device
}

// The input's options, checked to be CUDA; a stack array.
torch::Tensor table_like(const torch::Tensor &x) {
  TORCH_CHECK(x.is_cuda(), "x must be a CUDA tensor");
  float table[4] = {1, 2, 3, 4};
  return torch::from_blob(table, {4}, x.options()).clone();
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'from_blob' is told a CUDA device for the array 'table'
}

// malloc'd memory through a local pointer, on one path.
torch::Tensor maybe_gpu(int64_t n, bool gpu) {
  float *buf = static_cast<float *>(std::malloc(n * sizeof(float)));
  auto opts = torch::TensorOptions().dtype(torch::kFloat);
  if (gpu)
    opts = opts.device(torch::kCUDA);
  return torch::from_blob(buf, {n}, opts);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'from_blob' is told a CUDA device for memory from malloc
}

// A vector's memory in a loop, and through a lambda.
void per_chunk(int chunks, std::vector<float> &staging) {
  for (int i = 0; i < chunks; ++i) {
    auto t2 = torch::from_blob(staging.data(), {16}, torch::kCUDA);
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'from_blob' is told a CUDA device for the host memory of std::vector
    auto wrap = [&] {
      return torch::from_blob(staging.data(), {16}, torch::kCUDA);
      // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'from_blob' is told a CUDA device for the host memory of std::vector
    };
    (void)wrap();
  }
}

// In a template, and through a user's macro.
template <typename T> torch::Tensor wrap_array(std::array<T, 8> &a) {
  return torch::from_blob(a.data(), {8}, torch::kCUDA);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'from_blob' is told a CUDA device for the host memory of std::array
}
template torch::Tensor wrap_array<float>(std::array<float, 8> &);
#define ON_GPU(p, n) torch::from_blob((p), {(n)}, torch::kCUDA)
torch::Tensor with_macro() {
  static double weights[3] = {0.1, 0.2, 0.7};
  return ON_GPU(weights, 3);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'from_blob' is told a CUDA device for the array 'weights'
}

// ---- Negatives --------------------------------------------------------------

// On the CPU, then copied: the fix.
torch::Tensor upload_ok(std::vector<float> &v, const torch::Tensor &x) {
  return torch::from_blob(v.data(), {(int64_t)v.size()}).to(x.device());
}
// A pointer from elsewhere: device memory, pinned memory, unknown.
torch::Tensor wrap_device(float *dev_ptr, int64_t n) {
  return torch::from_blob(dev_ptr, {n}, torch::kCUDA);
}
// A local pointer assigned again: its memory is not known.
torch::Tensor reassigned(std::vector<float> &v, float *dev_ptr, bool b) {
  float *p = v.data();
  if (b)
    p = dev_ptr;
  return torch::from_blob(p, {4}, torch::kCUDA);
}
// A CPU tensor's memory: it may be pinned, which CUDA accepts.
torch::Tensor pinned_view() {
  auto host = torch::zeros({4}, torch::TensorOptions().pinned_memory(true));
  return torch::from_blob(host.data_ptr<float>(), {4}, torch::kCUDA);
}
// A CUDA tensor's memory.
torch::Tensor view_of(const torch::Tensor &x) {
  TORCH_CHECK(x.is_cuda(), "x must be a CUDA tensor");
  return torch::from_blob(x.data_ptr<float>(), {4}, x.options());
}
// The device not known: a parameter's options.
torch::Tensor unknown_device(std::vector<float> &v, const torch::Tensor &x) {
  return torch::from_blob(v.data(), {4}, x.options());
}
