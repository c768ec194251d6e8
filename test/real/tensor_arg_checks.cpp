// Real-header tier: ATen's TensorArg checks (ATen/TensorUtils.h) as guards.
// at::checkAllSameType / checkSameType throw unless the tensors share a
// dtype, so a tensor they tie to the dispatched one may be read with its
// scalar_t; checkAllSameGPU ties devices only.
#include <torch/torch.h>
#include <ATen/TensorUtils.h>

torch::Tensor fused_scale(const torch::Tensor &x, const torch::Tensor &w,
                          const torch::Tensor &b) {
  at::TensorArg x_arg{x, "x", 1}, w_arg{w, "w", 2}, b_arg{b, "b", 3};
  at::checkAllSameType("fused_scale", {x_arg, w_arg, b_arg});
  auto out = torch::empty_like(x);
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "fused_scale", [&] {
    const scalar_t *wp = w.data_ptr<scalar_t>();
    const scalar_t *bp = b.data_ptr<scalar_t>();
    out.data_ptr<scalar_t>()[0] = wp[0] + bp[0];
  });
  return out;
}

torch::Tensor pair_scale(const torch::Tensor &x, const torch::Tensor &w) {
  at::checkSameType("pair_scale", at::TensorArg(x, "x", 1),
                    at::TensorArg(w, "w", 2));
  auto out = torch::empty_like(x);
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "pair_scale", [&] {
    out.data_ptr<scalar_t>()[0] = w.data_ptr<scalar_t>()[0];
  });
  return out;
}

torch::Tensor gpu_only(const torch::Tensor &x, const torch::Tensor &w) {
  at::TensorArg x_arg{x, "x", 1}, w_arg{w, "w", 2};
  at::checkAllSameGPU("gpu_only", {x_arg, w_arg});
  auto out = torch::empty_like(x);
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "gpu_only", [&] {
    out.data_ptr<scalar_t>()[0] = w.data_ptr<scalar_t>()[0];
    // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'data_ptr<scalar_t>' reads 'w' with the dtype dispatched on 'x', but nothing checks that 'w' has it{{.*}} [torchdtype-dispatch-operand-dtype]
  });
  return out;
}

// checkScalarType: past it the tensor is float32.
double typed_sum(const torch::Tensor &x) {
  at::checkScalarType("typed_sum", at::TensorArg(x, "x", 1), at::kFloat);
  double s = x.data_ptr<float>()[0];
  return s + x.data_ptr<double>()[0];
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'data_ptr<double>' reads 'x' as Double but it has dtype Float; this throws at run time: "expected scalar type Double but found Float" [kb: pytorch/scalar-type-mismatch] [torchdtype-data-ptr-dtype]
}

// The program that calls them: its tensors are made here, so the functions'
// entries are in sight (by default dispatch-operand-dtype reports only
// those; a function called from another file is the StrictMode's).
void run_checks() {
  auto x = torch::randn({4}), w = torch::randn({4}), b = torch::randn({4});
  fused_scale(x, w, b);
  pair_scale(x, w);
  gpu_only(x, w);
}
