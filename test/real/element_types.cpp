// Real-header tier: element types LibTorch does not define its accessors
// for on every platform (torchdtype-non-portable-element-type), on the real
// TensorBase of each version. mutable_data_ptr exists from 2.1 on only.
#include <torch/torch.h>

#include <cstdint>

// A sparse feature hasher of an extension: ids come in as int64.
torch::Tensor bucketize(const torch::Tensor &ids, int64_t buckets) {
  TORCH_CHECK(ids.scalar_type() == torch::kLong, "ids must be int64");
  auto out = torch::empty_like(ids);
  const long *in = ids.data_ptr<long>();
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'data_ptr<long>' is not portable: LibTorch defines it for int64_t, which is 'long long' on Windows and macOS, where this fails to link; write int64_t [kb: pytorch/non-portable-element-type] [torchdtype-non-portable-element-type]
  auto acc = out.accessor<long long, 1>();
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'accessor<long long>' is not portable: LibTorch defines it for int64_t, which is 'long' on Linux, where this fails to link; write int64_t
  for (int64_t i = 0; i < ids.numel(); ++i)
    acc[i] = in[i] % buckets;
  int64_t first = out[0].item<int64_t>();
  float scale = torch::ones({1}).item<float>();
  auto p = ids.packed_accessor64<int64_t, 1>();
  (void)first; (void)scale; (void)p;
  return out;
}

template <typename index_t> index_t *indices(const torch::Tensor &t) {
  return t.data_ptr<index_t>();
}
template long *indices<long>(const torch::Tensor &);

#if TORCH_VERSION_MAJOR >= 2
void mutable_forms(const torch::Tensor &t) {
  long *m = t.mutable_data_ptr<long>();
  // CHECK-MESSAGES-V2: :[[@LINE-1]]:{{[0-9]+}}: warning: 'mutable_data_ptr<long>' is not portable
  const long *c = t.const_data_ptr<long>();
  // CHECK-MESSAGES-V2: :[[@LINE-1]]:{{[0-9]+}}: warning: 'const_data_ptr<long>' is not portable
  (void)m; (void)c;
}
#endif
