// RUN: %check_clang_tidy %s torchdtype-data-ptr-dtype %t
#include <torch/torch.h>
#include <ATen/TensorUtils.h>
#include <cstdint>
#include <vector>

bool flag();

// ---- Positives --------------------------------------------------------------

void straight() {
  auto h = torch::ones({4}, torch::kHalf);
  float *p = h.data_ptr<float>();
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'data_ptr<float>' reads 'h' as Float but it has dtype Half; this throws at run time: "expected scalar type Float but found Half" [kb: pytorch/scalar-type-mismatch] [torchdtype-data-ptr-dtype]
  // CHECK-MESSAGES: :[[@LINE-3]]:29: note: 'h' has dtype Half from here
  auto d = torch::zeros({2, 2}, torch::kDouble);
  auto a = d.accessor<float, 2>();
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'accessor<float>' reads 'd' as Float but it has dtype Double
  auto ids = torch::arange(10).to(torch::kInt);
  const int64_t *i = ids.const_data_ptr<int64_t>();
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 'const_data_ptr<{{long|int64_t}}>' reads 'ids' as Long but it has dtype Int
  auto q = d.packed_accessor32<float, 2, at::RestrictPtrTraits>();
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'packed_accessor32<float>' reads 'd' as Float
  (void)p; (void)a; (void)i; (void)q;
}

// The extension's entry written for float32, called with float16.
void launch(const torch::Tensor &x, torch::Tensor &out) {
  const float *in = x.data_ptr<float>();
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: 'data_ptr<float>' reads 'x' as Float but it has dtype Half
  float *o = out.data_ptr<float>();
  (void)in; (void)o;
}
void caller() {
  auto x = torch::randn({8}).to(torch::kHalf);
  auto out = torch::empty({8});
  launch(x, out);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: in this call of 'launch'
  auto x32 = torch::randn({8});
  launch(x32, out);
}

void branches(torch::Tensor x, bool fp16) {
  auto y = torch::randn({4});
  if (fp16)
    y = y.to(torch::kHalf);
  y.data_ptr<float>();
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'data_ptr<float>' reads 'y' as Float but it has dtype Half
  // CHECK-MESSAGES: :[[@LINE-4]]:7: note: assuming 'fp16' is true
}

void loops(int n) {
  auto acc = torch::zeros({4}, torch::kDouble);
  for (int i = 0; i < n; ++i)
    acc.data_ptr<float>()[i % 4] += 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: 'data_ptr<float>' reads 'acc' as Float but it has dtype Double
}

template <typename T> void fill(const torch::Tensor &t) { t.data_ptr<T>()[0] = T(1); }
void templates() {
  auto h = torch::ones({2}, torch::kDouble);
  fill<float>(h);
  // CHECK-MESSAGES: :[[@LINE-4]]:61: warning: 'data_ptr<float>' reads 't' as Float but it has dtype Double
  fill<double>(h);
}

void lambdas() {
  auto h = torch::ones({2}, torch::kHalf);
  auto read = [&] { return h.data_ptr<float>()[0]; };
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: 'data_ptr<float>' reads 'h' as Float but it has dtype Half
  read();
}

#define RAW(t) (t).data_ptr<float>()
void macros() {
  auto h = torch::ones({2}, torch::kBFloat16);
  RAW(h);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'data_ptr<float>' reads 'h' as Float but it has dtype BFloat16
}

// ---- Negatives --------------------------------------------------------------

void negatives(const torch::Tensor &unknown, bool fp16) {
  auto f = torch::ones({4});
  f.data_ptr<float>();
  unknown.data_ptr<float>();               // dtype not known
  auto h = torch::ones({4}, torch::kHalf);
  h.data_ptr<at::Half>();
  h.to(torch::kFloat).data_ptr<float>();   // converted first
  h.item<float>();                          // item converts
  auto y = torch::randn({4});
  if (fp16)
    y = y.to(torch::kHalf);
  else
    y = y.to(torch::kHalf);
  y.data_ptr<at::Half>();
  TORCH_CHECK(unknown.scalar_type() == torch::kFloat, "float only");
  unknown.data_ptr<float>();               // guarded
  auto z = torch::randn({4});
  if (flag())
    z = z.to(torch::kDouble);
  if (z.scalar_type() == torch::kFloat)
    z.data_ptr<float>();                    // refined by the condition
}

// ---- Inside AT_DISPATCH_* -----------------------------------------------------

// Each case sees the dispatched tensor with its own dtype: quiet, whatever
// the caller gives.
torch::Tensor scale(const torch::Tensor &x) {
  auto out = torch::empty_like(x);
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "scale", [&] {
    const scalar_t *in = x.data_ptr<scalar_t>();
    scalar_t *o = out.data_ptr<scalar_t>();
    o[0] = in[0];
  });
  return out;
}
void call_scale() {
  scale(torch::ones({2}, torch::kDouble));
  scale(torch::ones({2}, torch::kFloat));
}

// Weights read with the input's element type: a caller's float32 weights
// with a float64 input throw in the Double case.
torch::Tensor weighted(const torch::Tensor &x, const torch::Tensor &w) {
  auto out = torch::empty_like(x);
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "weighted", [&] {
    const scalar_t *wp = w.data_ptr<scalar_t>();
    // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: 'data_ptr<double>' reads 'w' as Double but it has dtype Float
    // CHECK-MESSAGES: :[[@LINE-3]]:3: note: in this expansion of 'AT_DISPATCH_FLOATING_TYPES'
    out.data_ptr<scalar_t>()[0] = wp[0];
  });
  return out;
}
void call_weighted() {
  auto x = torch::ones({2}, torch::kDouble);
  weighted(x, torch::ones({2}, torch::kFloat));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: in this call of 'weighted'
}
void call_weighted_converted() {
  auto x = torch::ones({2}, torch::kDouble);
  auto w = torch::ones({2}, torch::kFloat);
  weighted(x, w.to(x.scalar_type()));
  weighted(x.to(torch::kFloat), w);
}

// A float-only buffer read inside a dispatch: the Double case throws when
// the input is float64, the Float case runs.
void float_buffer(const torch::Tensor &x) {
  auto acc = torch::zeros({1}, torch::kFloat);
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "float_buffer", [&] {
    (void)acc.data_ptr<scalar_t>();
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'data_ptr<double>' reads 'acc' as Double but it has dtype Float
  });
}
void call_float_buffer() { float_buffer(torch::ones({2}, torch::kDouble)); }
void call_float_buffer_ok() { float_buffer(torch::ones({2}, torch::kFloat)); }

// ATen's checkScalarType / checkScalarTypes: past them the tensor has the
// dtype (one of the dtypes) they name.
torch::Tensor load_ids(); // defined elsewhere: its dtype is not known
void checked_scalar_type(const torch::Tensor &x) {
  torch::Tensor idx = load_ids();
  at::checkScalarType("checked_scalar_type", at::TensorArg(x, "x", 1),
                      at::kFloat);
  at::checkScalarTypes("checked_scalar_type", at::TensorArg(idx, "idx", 2),
                       {at::kInt, at::kLong});
  (void)x.data_ptr<float>();
  (void)x.data_ptr<double>();
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: 'data_ptr<double>' reads 'x' as Double but it has dtype Float
  // CHECK-MESSAGES: :[[@LINE-7]]:3: note: 'x' has dtype Float from here
  // Int or Long; not Int: Long.
  if (idx.scalar_type() != at::kInt)
    (void)idx.data_ptr<int>();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'data_ptr<int>' reads 'idx' as Int but it has dtype Long
  else
    (void)idx.data_ptr<int>();
}
