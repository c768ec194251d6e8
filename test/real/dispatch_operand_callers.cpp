// Real-header tier: whose tensors torchdtype-dispatch-operand-dtype judges
// by default. An operator bound with TORCH_LIBRARY gets its tensors from
// Python as the caller passes them: reported. A launcher whose callers are
// in another file (mmcv's layout, the caller allocates the output with the
// input's options) is left to them unless StrictMode.
#include <torch/torch.h>
#include <torch/library.h>

void scale_launcher(const at::Tensor &input, at::Tensor &output) {
  AT_DISPATCH_FLOATING_TYPES(input.scalar_type(), "scale_launcher", [&] {
    output.data_ptr<scalar_t>()[0] = input.data_ptr<scalar_t>()[0];
  });
}

at::Tensor scale_op(const at::Tensor &x, const at::Tensor &w) {
  auto out = at::empty_like(x);
  AT_DISPATCH_FLOATING_TYPES_AND_HALF(x.scalar_type(), "scale_op", [&] {
    out.data_ptr<scalar_t>()[0] = x.data_ptr<scalar_t>()[0] * w.data_ptr<scalar_t>()[0];
    // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'data_ptr<scalar_t>' reads 'w' with the dtype dispatched on 'x', but nothing checks that 'w' has it{{.*}} [torchdtype-dispatch-operand-dtype]
  });
  return out;
}

TORCH_LIBRARY(torchdtype_real, m) {
  m.def("scale_op(Tensor x, Tensor w) -> Tensor", &scale_op);
}
