// RUN: %check_clang_tidy -check-suffixes=,STRICT %s torchdtype-dispatch-operand-dtype %t -- -config="{CheckOptions: {torchdtype-dispatch-operand-dtype.StrictMode: true}}"
// RUN: %check_clang_tidy %s torchdtype-dispatch-operand-dtype %t
//
// The functions above "Callers elsewhere" are bound to Python at the end of
// the file (or called from one that is): their tensors come from Python as
// the caller passes them. Those below it are reported in StrictMode only.
#include <torch/extension.h>
#include <ATen/TensorUtils.h>
#include <vector>

// ---- Positives --------------------------------------------------------------

// The extension's entry: weights read with the input's scalar_t.
torch::Tensor weighted_sum(const torch::Tensor &x, const torch::Tensor &w) {
  auto out = torch::empty_like(x);
  AT_DISPATCH_FLOATING_TYPES_AND2(at::kHalf, at::kBFloat16, x.scalar_type(),
                                  "weighted_sum", [&] {
    const scalar_t *in = x.data_ptr<scalar_t>();
    const scalar_t *wp = w.data_ptr<scalar_t>();
    // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: 'data_ptr<scalar_t>' reads 'w' with the dtype dispatched on 'x', but nothing checks that 'w' has it; called with two dtypes (autocast's bfloat16 activations and float32 weights) this throws at run time [kb: pytorch/scalar-type-mismatch] [torchdtype-dispatch-operand-dtype]
    // CHECK-MESSAGES: :[[@LINE-5]]:3: note: the dispatch on 'x'
    // CHECK-MESSAGES: :[[@LINE-3]]:28: note: fix: State what the entry point needs
    scalar_t *o = out.data_ptr<scalar_t>();
    o[0] = in[0] * wp[0];
  });
  return out;
}

// A copy made contiguous is still the caller's dtype; an accessor too.
void bias_add(const torch::Tensor &input, const torch::Tensor &bias) {
  auto b = bias.contiguous();
  AT_DISPATCH_FLOATING_TYPES(input.scalar_type(), "bias_add", [&] {
    auto acc = b.accessor<scalar_t, 1>();
    // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'accessor<scalar_t>' reads 'b' with the dtype dispatched on 'input'
    (void)acc;
  });
}

// Through a user macro, in a loop over the batch.
#define READ(t) (t).data_ptr<scalar_t>()
void per_sample(const torch::Tensor &x, const torch::Tensor &scale) {
  for (int64_t i = 0; i < x.size(0); ++i) {
    AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "per_sample", [&] {
      (void)READ(scale);
      // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 'data_ptr<scalar_t>' reads 'scale' with the dtype dispatched on 'x'
    });
  }
}

// checkAllSameGPU ties devices, not dtypes.
void same_gpu_only(const torch::Tensor &x, const torch::Tensor &w) {
  at::TensorArg x_arg{x, "x", 1}, w_arg{w, "w", 2};
  at::checkAllSameGPU("same_gpu_only", {x_arg, w_arg});
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "same_gpu_only", [&] {
    (void)w.data_ptr<scalar_t>();
    // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 'data_ptr<scalar_t>' reads 'w' with the dtype dispatched on 'x'
  });
}

// ---- Negatives --------------------------------------------------------------

// ATen's TensorArg checks: they throw unless the dtypes agree.
void checked_all_same_type(const torch::Tensor &x, const torch::Tensor &w,
                           const torch::Tensor &b) {
  const at::TensorArg x_arg{x, "x", 1}, w_arg{w, "w", 2}, b_arg{b, "b", 3};
  at::checkAllSameType("checked_all_same_type", {x_arg, w_arg, b_arg});
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "checked_all_same_type", [&] {
    (void)w.data_ptr<scalar_t>();
    (void)b.data_ptr<scalar_t>();
  });
}
void checked_same_type(const torch::Tensor &x, const torch::Tensor &w) {
  at::checkSameType("checked_same_type", at::TensorArg(x, "x", 1),
                    at::TensorArg(w, "w", 2));
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "checked_same_type", [&] {
    (void)w.data_ptr<scalar_t>();
  });
}

// Checked to share the dtype.
void checked(const torch::Tensor &x, const torch::Tensor &w) {
  TORCH_CHECK(w.scalar_type() == x.scalar_type(), "w must have x's dtype");
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "checked", [&] {
    (void)w.data_ptr<scalar_t>();
  });
}
void checked_dtype(const torch::Tensor &x, const torch::Tensor &w) {
  TORCH_CHECK(x.dtype() == w.dtype(), "same dtype");
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "checked_dtype", [&] {
    (void)w.data_ptr<scalar_t>();
  });
}

// Converted to it, or derived from the dispatched tensor.
void converted(const torch::Tensor &x, const torch::Tensor &w) {
  auto wc = w.to(x.scalar_type());
  auto wt = w.type_as(x);
  auto out = torch::zeros({4}, x.options());
  auto tmp = torch::empty_like(x);
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "converted", [&] {
    (void)wc.data_ptr<scalar_t>();
    (void)wt.data_ptr<scalar_t>();
    (void)out.data_ptr<scalar_t>();
    (void)tmp.data_ptr<scalar_t>();
    (void)x.data_ptr<scalar_t>();
  });
}

// Not the caller's choice: a member, a fixed element type.
struct Kernel {
  torch::Tensor table;
  void run(const torch::Tensor &x) {
    AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "member", [&] {
      (void)table.data_ptr<scalar_t>();
    });
  }
};
void fixed_type(const torch::Tensor &x, const torch::Tensor &idx) {
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "fixed", [&] {
    (void)idx.data_ptr<int64_t>();
  });
}

// A user's own switch on the dtype, not a dispatch macro.
void own_switch(const torch::Tensor &x, const torch::Tensor &w) {
  switch (x.scalar_type()) {
  case at::kFloat:
    (void)w.data_ptr<float>();
    break;
  default:
    break;
  }
}

// ---- Callers elsewhere ------------------------------------------------------

// A launcher called from another file (mmcv's layout: the .cpp caller
// allocates the output with the input's options, Python binds the .cpp).
void launcher(const torch::Tensor &input, torch::Tensor &output) {
  AT_DISPATCH_FLOATING_TYPES(input.scalar_type(), "launcher", [&] {
    (void)output.data_ptr<scalar_t>();
    // CHECK-MESSAGES-STRICT: :[[@LINE-1]]:18: warning: 'data_ptr<scalar_t>' reads 'output' with the dtype dispatched on 'input'
  });
}
// Called here, by a function whose own callers are elsewhere.
static void inner(const torch::Tensor &x, const torch::Tensor &w) {
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "inner", [&] {
    (void)w.data_ptr<scalar_t>();
    // CHECK-MESSAGES-STRICT: :[[@LINE-1]]:13: warning: 'data_ptr<scalar_t>' reads 'w' with the dtype dispatched on 'x'
  });
}
void outer(const torch::Tensor &x, const torch::Tensor &w) { inner(x, w); }

// ---- Bound here -------------------------------------------------------------

// A helper of a bound function, in a template, reached through a lambda.
template <typename F> void each(F f) { f(); }
static void helper(const torch::Tensor &x, const torch::Tensor &w) {
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "helper", [&] {
    (void)w.data_ptr<scalar_t>();
    // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 'data_ptr<scalar_t>' reads 'w' with the dtype dispatched on 'x'
  });
}
torch::Tensor bound_entry(const torch::Tensor &x, const torch::Tensor &w) {
  each([&] { helper(x, w); });
  return x;
}
void bias_add_entry(const torch::Tensor &input, const torch::Tensor &bias) {
  bias_add(input, bias);
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("weighted_sum", &weighted_sum);
  m.def("bias_add", &bias_add_entry);
  m.def("per_sample", &per_sample);
  m.def("same_gpu_only", &same_gpu_only);
  m.def("checked_all_same_type", &checked_all_same_type);
  m.def("checked_same_type", &checked_same_type);
  m.def("checked", &checked);
  m.def("checked_dtype", &checked_dtype);
  m.def("converted", &converted);
  m.def("fixed_type", &fixed_type);
  m.def("own_switch", &own_switch);
  m.def("bound", &bound_entry);
}
