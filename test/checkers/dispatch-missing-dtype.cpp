// RUN: %check_clang_tidy %s torchdtype-dispatch-missing-dtype %t
#include <torch/extension.h>
#include <cstdint>
#include <vector>

bool flag();

// ---- Positives --------------------------------------------------------------

// A float-only kernel, reached by a half tensor made in the same function.
void straight() {
  auto h = torch::ones({4}, torch::kHalf);
  AT_DISPATCH_FLOATING_TYPES(h.scalar_type(), "fill_kernel", [&] {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: AT_DISPATCH_FLOATING_TYPES "fill_kernel" has no case for 'h' of dtype Half (it covers Float, Double); this throws at run time: ""fill_kernel" not implemented for 'Half'" [kb: pytorch/dtype-not-implemented] [torchdtype-dispatch-missing-dtype]
    // CHECK-MESSAGES: :[[@LINE-3]]:29: note: 'h' has dtype Half from here
    // CHECK-MESSAGES: :[[@LINE-3]]:3: note: fix: Add the dtype to the dispatch
    h.data_ptr<scalar_t>()[0] = scalar_t(1);
  });
}

// The extension's helper: the dtype comes from its caller.
torch::Tensor scale_rows(const torch::Tensor &x) {
  auto src = x.contiguous();
  auto out = torch::empty_like(src);
  AT_DISPATCH_FLOATING_TYPES(src.scalar_type(), "scale_rows", [&] {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: AT_DISPATCH_FLOATING_TYPES "scale_rows" has no case for 'src' of dtype BFloat16
    const scalar_t *in = src.data_ptr<scalar_t>();
    scalar_t *o = out.data_ptr<scalar_t>();
    for (int64_t i = 0; i < src.numel(); ++i)
      o[i] = in[i] * scalar_t(2);
  });
  return out;
}
void caller() {
  auto x = torch::randn({8}).to(torch::kBFloat16);
  scale_rows(x);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: in this call of 'scale_rows'
  scale_rows(torch::randn({8}));
  scale_rows(torch::randn({8}, torch::kDouble));
}

// _AND_HALF has no BFloat16; on one branch only.
void branch(bool low_precision) {
  auto t = torch::randn({4});
  if (low_precision)
    t = t.to(torch::kBFloat16);
  AT_DISPATCH_FLOATING_TYPES_AND_HALF(t.scalar_type(), "norm_kernel", [&] {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: AT_DISPATCH_FLOATING_TYPES_AND_HALF "norm_kernel" has no case for 't' of dtype BFloat16 (it covers Half, Float, Double)
    // CHECK-MESSAGES: :[[@LINE-4]]:7: note: assuming 'low_precision' is true
    (void)t.data_ptr<scalar_t>();
  });
}

// In a loop, through a lambda the user wrote, and an integer dispatch.
void loop_and_lambda(const std::vector<int64_t> &sizes) {
  for (int64_t n : sizes) {
    auto counts = torch::zeros({n}, torch::kLong);
    auto run = [&](const torch::Tensor &t) {
      AT_DISPATCH_FLOATING_TYPES(t.scalar_type(), "normalize", [&] {
        // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: AT_DISPATCH_FLOATING_TYPES "normalize" has no case for 't' of dtype Long
        (void)t.data_ptr<scalar_t>();
      });
    };
    run(counts);
  }
}

// A template instantiated with a half tensor.
template <typename T> void templated(const T &t) {
  AT_DISPATCH_FLOATING_TYPES(t.scalar_type(), "templated", [&] {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: AT_DISPATCH_FLOATING_TYPES "templated" has no case for 't' of dtype Half
    (void)t.template data_ptr<scalar_t>();
  });
}
void use_template() {
  templated(torch::ones({2}, torch::kHalf));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: in this call of 'templated'
}

// A user macro around the dispatch.
#define LAUNCH_FLOAT_KERNEL(T, NAME)                                           \
  AT_DISPATCH_FLOATING_TYPES(T.scalar_type(), NAME, [&] {                      \
    (void)T.data_ptr<scalar_t>();                                              \
  })
void macro_user() {
  auto h = torch::ones({2}, torch::kHalf);
  LAUNCH_FLOAT_KERNEL(h, "macro_kernel");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: LAUNCH_FLOAT_KERNEL "macro_kernel" has no case for 'h' of dtype Half
}

// The user's own switch is not a dispatch: nothing throws in its default.
void own_switch() {
  auto h = torch::ones({2}, torch::kHalf);
  switch (h.scalar_type()) {
  case at::kFloat:
    break;
  default:
    h = h.to(torch::kFloat);
  }
}

// ---- Negatives --------------------------------------------------------------

void covered() {
  auto h = torch::ones({4}, torch::kHalf);
  AT_DISPATCH_FLOATING_TYPES_AND_HALF(h.scalar_type(), "covered", [&] {
    (void)h.data_ptr<scalar_t>();
  });
  AT_DISPATCH_FLOATING_TYPES_AND2(at::kHalf, at::kBFloat16, h.scalar_type(),
                                  "covered2", [&] {
    (void)h.data_ptr<scalar_t>();
  });
}

void converted_first() {
  auto h = torch::ones({4}, torch::kHalf);
  auto f = h.to(torch::kFloat);
  AT_DISPATCH_FLOATING_TYPES(f.scalar_type(), "converted", [&] {
    (void)f.data_ptr<scalar_t>();
  });
}

// Unknown dtypes (an entry point called from Python) are never guessed.
torch::Tensor entry(const torch::Tensor &x) {
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "entry", [&] {
    (void)x.data_ptr<scalar_t>();
  });
  return x;
}

// Guarded: the check ends the half path before the dispatch.
void guarded(torch::Tensor x) {
  TORCH_CHECK(x.scalar_type() == at::kFloat, "float only");
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "guarded", [&] {
    (void)x.data_ptr<scalar_t>();
  });
}
void call_guarded() {
  auto f = torch::ones({2});
  guarded(f);
}

// Converted on the half branch only: both paths reach the dispatch as Float.
void both_branches() {
  auto t = torch::randn({4});
  if (flag())
    t = t.to(torch::kHalf).to(torch::kFloat);
  AT_DISPATCH_FLOATING_TYPES(t.scalar_type(), "both", [&] {
    (void)t.data_ptr<scalar_t>();
  });
}

// Each case of the dispatch sees its own dtype: no data_ptr finding and no
// other check fires inside an infeasible case.
void cases_refine(const torch::Tensor &x) {
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "cases", [&] {
    auto y = torch::empty_like(x);
    (void)y.data_ptr<scalar_t>();
  });
}
void call_cases() { cases_refine(torch::ones({2}, torch::kDouble)); }
