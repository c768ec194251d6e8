// Mock of ATen/TensorOperators.h.
#pragma once
#include <ATen/core/TensorBody.h>

namespace at {
#define AT_FORALL_BINARY_OPS(_) \
  _(+, x.add(y), y.add(x))      \
  _(*, x.mul(y), y.mul(x))      \
  _(-, x.sub(y), ::at::empty_like(y).fill_(x).sub_(y)) \
  _(/, x.div(y), ::at::empty_like(y).fill_(x).div_(y)) \
  _(==, x.eq(y), y.eq(x))       \
  _(!=, x.ne(y), y.ne(x))       \
  _(<, x.lt(y), y.gt(x))        \
  _(>, x.gt(y), y.lt(x))        \
  _(&, x.bitwise_and(y), y.bitwise_and(x))

#define DEFINE_OPERATOR(op, body, reverse_scalar_body)              \
  Tensor operator op(const Tensor& x, const Tensor& y);             \
  Tensor operator op(const Tensor& x, const Scalar& y);             \
  Tensor operator op(const Scalar& x, const Tensor& y);

AT_FORALL_BINARY_OPS(DEFINE_OPERATOR)
#undef DEFINE_OPERATOR
#undef AT_FORALL_BINARY_OPS
} // namespace at
