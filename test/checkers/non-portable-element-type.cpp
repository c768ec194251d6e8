// RUN: %check_clang_tidy %s torchdtype-non-portable-element-type %t
#include <torch/torch.h>
#include <cstdint>

struct __half { unsigned short x; };
struct __nv_bfloat16 { unsigned short x; };
bool flag();

// ---- Positives --------------------------------------------------------------

int64_t sum_ids(const torch::Tensor &ids) {
  const long *p = ids.data_ptr<long>();
  // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: 'data_ptr<long>' is not portable: LibTorch defines it for int64_t, which is 'long long' on Windows and macOS, where this fails to link; write int64_t [kb: pytorch/non-portable-element-type] [torchdtype-non-portable-element-type]
  // CHECK-FIXES: {{^}}  const long *p = ids.data_ptr<int64_t>();{{$}}
  auto acc = ids.accessor<long, 1>();
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: 'accessor<long>' is not portable
  // CHECK-FIXES: {{^}}  auto acc = ids.accessor<int64_t, 1>();{{$}}
  long first = ids.item<long int>();
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: 'item<long>' is not portable
  // CHECK-FIXES: {{^}}  long first = ids.item<int64_t>();{{$}}
  return p[0] + acc.data()[0] + first;
}

void other_spellings(torch::Tensor t) {
  auto *q = t.data_ptr<long long>();
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: 'data_ptr<long long>' is not portable: LibTorch defines it for int64_t, which is 'long' on Linux, where this fails to link; write int64_t
  // CHECK-FIXES: {{^}}  auto *q = t.data_ptr<int64_t>();{{$}}
  auto m = t.mutable_data_ptr<const long>();
  // CHECK-MESSAGES: :[[@LINE-1]]:37: warning: 'mutable_data_ptr<long>' is not portable
  // CHECK-FIXES: {{^}}  auto m = t.mutable_data_ptr<const int64_t>();{{$}}
  auto p32 = t.packed_accessor32<long, 2, at::RestrictPtrTraits>();
  // CHECK-MESSAGES: :[[@LINE-1]]:34: warning: 'packed_accessor32<long>' is not portable
  auto p64 = t.packed_accessor64<long long, 2>();
  // CHECK-MESSAGES: :[[@LINE-1]]:34: warning: 'packed_accessor64<long long>' is not portable
  (void)q; (void)m; (void)p32; (void)p64;
}

void cuda_types(const at::Tensor &h) {
  auto *p = h.data_ptr<__half>();
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: 'data_ptr<__half>' is not defined by LibTorch, which takes at::Half for this dtype; this fails to link [kb: pytorch/non-portable-element-type]
  // CHECK-MESSAGES: :[[@LINE-2]]:24: note: fix: reinterpret_cast<__half *>(t.data_ptr<at::Half>()) where a CUDA type is needed
  auto *b = h.const_data_ptr<__nv_bfloat16>();
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: 'const_data_ptr<__nv_bfloat16>' is not defined by LibTorch, which takes at::BFloat16 for this dtype
  (void)p; (void)b;
}

void branches_loops(std::vector<torch::Tensor> &batches) {
  for (auto &b : batches)
    if (flag())
      b.data_ptr<long>()[0] = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'data_ptr<long>' is not portable
  while (flag())
    batches[0].accessor<long long, 2>();
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: 'accessor<long long>' is not portable
}

template <typename T> T *raw(const torch::Tensor &t) { return t.data_ptr<T>(); }
template <typename T> long *raw_long(const T &t) { return t.template data_ptr<long>(); }
// CHECK-MESSAGES: :[[@LINE-1]]:79: warning: 'data_ptr<long>' is not portable
void templates(const torch::Tensor &t) {
  raw<long>(t); // the template's own code names T: not reported
  raw_long(t);
}

void lambdas(const torch::Tensor &t) {
  auto read = [&] { return t.data_ptr<long>()[0]; };
  // CHECK-MESSAGES: :[[@LINE-1]]:39: warning: 'data_ptr<long>' is not portable
  read();
}

#define IDS_PTR(t) (t).data_ptr<long>()
#define ELEM long
void macros(const torch::Tensor &t) {
  IDS_PTR(t);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'data_ptr<long>' is not portable
  // CHECK-FIXES: {{^}}  IDS_PTR(t);{{$}}
  t.data_ptr<ELEM>();
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'data_ptr<long>' is not portable
  // CHECK-FIXES: {{^}}  t.data_ptr<ELEM>();{{$}}
}

// ---- Negatives --------------------------------------------------------------

typedef long index_type; // a user's typedef may be chosen per platform
using scalar_t = float;

void portable(const torch::Tensor &t, const torch::Tensor &ids) {
  ids.data_ptr<int64_t>();
  ids.data_ptr<std::int64_t>();
  ids.accessor<int64_t, 2>();
  ids.data_ptr<index_type>();
  t.data_ptr<float>();
  t.data_ptr<scalar_t>();
  t.data_ptr<at::Half>();
  t.data_ptr<int>();
  t.data_ptr<unsigned char>();
  t.item<double>();
  t.item<int64_t>();
  t.packed_accessor32<float, 2, at::RestrictPtrTraits>();
}

// Not a tensor: a user's class with a data_ptr<long>.
struct Buffer {
  template <typename T> T *data_ptr() { return nullptr; }
};
void not_a_tensor(Buffer &b) { b.data_ptr<long>(); }
