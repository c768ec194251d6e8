// Mock of ATen/TensorIndexing.h: the index list of Tensor::index_put_.
#pragma once
#include <ATen/core/TensorBody.h>

namespace at {
namespace indexing {
struct EllipsisIndexType final {};
constexpr EllipsisIndexType Ellipsis = EllipsisIndexType();

struct Slice final {
  Slice(c10::optional<int64_t> start = c10::nullopt,
        c10::optional<int64_t> stop = c10::nullopt,
        c10::optional<int64_t> step = c10::nullopt);
};

struct TensorIndex final {
  TensorIndex(c10::nullopt_t);
  TensorIndex(int64_t integer);
  TensorIndex(int integer);
  TensorIndex(EllipsisIndexType);
  TensorIndex(bool boolean);
  TensorIndex(Slice slice);
  TensorIndex(Tensor tensor);
};
} // namespace indexing
} // namespace at
