// RUN: rm -rf %t && mkdir -p %t && cp -r %S/Inputs/python-package %t/pkg
// RUN: %check_clang_tidy %s torchdtype-dispatch-operand-dtype %t/pkg/csrc/ext
// RUN: %check_clang_tidy -check-suffixes=,OFF %s torchdtype-dispatch-operand-dtype %t/pkg/csrc/ext -- -config="{CheckOptions: {torchdtype-dispatch-operand-dtype.PythonWrappers: false}}"
// Outside a Python package (no setup.py or pyproject.toml above it): every
// bound function is reported, as with the option off.
// RUN: %check_clang_tidy -check-suffixes=,OFF %s torchdtype-dispatch-operand-dtype %t/alone/ext
//
// The file is the C++ of the package in Inputs/python-package (the test
// writes it to csrc/ext.cpp there). Its Python casts the arguments of some
// bound functions before the call; those functions never get two dtypes.
#include <torch/extension.h>

#define READ_TWO(NAME)                                                         \
  void NAME(const torch::Tensor &x, const torch::Tensor &w) {                  \
    AT_DISPATCH_FLOATING_TYPES_AND2(at::kHalf, at::kBFloat16, x.scalar_type(), \
                                    #NAME, [&] {                               \
      const scalar_t *in = x.data_ptr<scalar_t>();                             \
      const scalar_t *wp = w.data_ptr<scalar_t>();                             \
      (void)in;                                                                \
      (void)wp;                                                                \
    });                                                                        \
  }

// fused/linear.py: _cast_if_autocast_enabled(input, weight, bias), as apex.
torch::Tensor fused_linear(const torch::Tensor &input,
                           const torch::Tensor &weight,
                           const torch::Tensor &bias) {
  auto out = torch::empty_like(input);
  AT_DISPATCH_FLOATING_TYPES_AND2(
      at::kHalf, at::kBFloat16, input.scalar_type(), "fused_linear", [&] {
        const scalar_t *w = weight.data_ptr<scalar_t>();
        // CHECK-MESSAGES-OFF: :[[@LINE-1]]:36: warning: 'data_ptr<scalar_t>' reads 'weight' with the dtype dispatched on 'input'
        const scalar_t *b = bias.data_ptr<scalar_t>();
        // CHECK-MESSAGES-OFF: :[[@LINE-1]]:34: warning: 'data_ptr<scalar_t>' reads 'bias' with the dtype dispatched on 'input'
        (void)w;
        (void)b;
      });
  return out;
}

// fused/gate.py: custom_fwd(cast_inputs=torch.float16), called through
// `from fused_ext import gated as gated_op`. A template: its instantiations
// are the same function.
template <typename Unused>
void gated_impl(const torch::Tensor &x, const torch::Tensor &gate) {
  AT_DISPATCH_FLOATING_TYPES_AND_HALF(x.scalar_type(), "gated", [&] {
    auto g = gate.accessor<scalar_t, 1>();
    // CHECK-MESSAGES-OFF: :[[@LINE-1]]:19: warning: 'accessor<scalar_t>' reads 'gate' with the dtype dispatched on 'x'
    (void)g;
  });
}
void gated(const torch::Tensor &x, const torch::Tensor &gate) {
  gated_impl<int>(x, gate);
}

// fused/plain.py calls it as given: reported.
void scaled_add(const torch::Tensor &x, const torch::Tensor &w) {
  AT_DISPATCH_FLOATING_TYPES_AND_HALF(x.scalar_type(), "scaled_add", [&] {
    const scalar_t *wp = w.data_ptr<scalar_t>();
    // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: 'data_ptr<scalar_t>' reads 'w' with the dtype dispatched on 'x'
    (void)wp;
  });
}

// Cast in fused/commented.py, not in fused/plain.py: one caller that does
// not cast is enough.
READ_TWO(norm_rows)
// CHECK-MESSAGES: :[[@LINE-1]]:1: warning: 'data_ptr<scalar_t>' reads 'w' with the dtype dispatched on 'x'

// fused/commented.py names the cast only in a comment and a string.
READ_TWO(commented)
// CHECK-MESSAGES: :[[@LINE-1]]:1: warning: 'data_ptr<scalar_t>' reads 'w' with the dtype dispatched on 'x'

// Called with a cast only in build/lib/stale.py, which is not read.
READ_TWO(unchecked)
// CHECK-MESSAGES: :[[@LINE-1]]:1: warning: 'data_ptr<scalar_t>' reads 'w' with the dtype dispatched on 'x'

// No Python file calls it: its callers are not known, as before.
READ_TWO(orphan)
// CHECK-MESSAGES: :[[@LINE-1]]:1: warning: 'data_ptr<scalar_t>' reads 'w' with the dtype dispatched on 'x'

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("fused_linear", &fused_linear);
  m.def("gated", &gated);
  m.def("scaled_add", &scaled_add);
  m.def("norm_rows", &norm_rows);
  m.def("commented", &commented);
  m.def("unchecked", &unchecked);
  m.def("orphan", &orphan);
}
