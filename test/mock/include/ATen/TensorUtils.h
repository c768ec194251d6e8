// Mock of ATen/TensorUtils.h: the TensorArg checks.
#pragma once
#include <ATen/core/TensorBody.h>

namespace at {
struct TensorArg {
  const Tensor &tensor;
  const char *name;
  int pos;
  TensorArg(const Tensor &tensor, const char *name, int pos)
      : tensor(tensor), name(name), pos(pos) {}
  TensorArg(Tensor &&tensor, const char *name, int pos) = delete;
};
using CheckedFrom = const char *;
void checkSameGPU(CheckedFrom c, const TensorArg &t1, const TensorArg &t2);
void checkAllSameGPU(CheckedFrom c, ArrayRef<TensorArg> tensors);
void checkSameType(CheckedFrom c, const TensorArg &t1, const TensorArg &t2);
void checkAllSameType(CheckedFrom c, ArrayRef<TensorArg> tensors);
void checkScalarType(CheckedFrom c, const TensorArg &t, ScalarType s);
void checkScalarTypes(CheckedFrom c, const TensorArg &t,
                      ArrayRef<ScalarType> l);
void checkAllContiguous(CheckedFrom c, ArrayRef<TensorArg> ts);
} // namespace at
