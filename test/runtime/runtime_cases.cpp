// Runtime tier of torchdtype: what the checks flag really throws on LibTorch
// (CPU), and what they accept really runs.
//
// Each case is a lambda with an expectation:
//   THROWS(regex)  - the body must throw; the regex is searched in
//                    c10::Error::what_without_backtrace() (std::exception::what()
//                    for other exceptions).
//   RUNS           - the body must run without exception; it may check results
//                    with EXPECT_DTYPE / EXPECT_TRUE.
// Output: one line per case, `PASS name` or `FAIL name: ...`, then
// `N passed, N failed`. Exit status 1 on any failure.
// Lines ending in `// FLAGGED(torchdtype-<check>)` are where the analyzer must
// warn (crosscheck.py runs it over this file): every warning is on such a
// line, and never inside a RUNS case unless the marker says `, silent`: a
// silent error (wrong values, no exception) runs by definition.
// `-v` appends the observed message (and exception type) to each line;
// `-f REGEX` runs only the cases whose name matches REGEX.

#include <ATen/autocast_mode.h>
#include <torch/torch.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <limits>
#include <regex>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

// A failed result check inside a RUNS case (distinct from LibTorch's errors).
struct CheckFailure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

#define EXPECT_TRUE(cond)                                                      \
  do {                                                                         \
    if (!(cond))                                                               \
      throw CheckFailure(std::string("check failed: ") + #cond);               \
  } while (0)

#define EXPECT_DTYPE(tensor, st)                                               \
  do {                                                                         \
    auto got_ = (tensor).scalar_type();                                        \
    if (got_ != (st))                                                          \
      throw CheckFailure(std::string("dtype is ") + c10::toString(got_) +      \
                         ", expected " + c10::toString(st));                   \
  } while (0)

// Everything a case may change globally is restored after every case.
struct GlobalStateGuard {
  caffe2::TypeMeta default_dtype = torch::get_default_dtype();
  ~GlobalStateGuard() {
    at::autocast::set_cpu_enabled(false);
    at::autocast::set_enabled(false);
    at::autocast::set_autocast_cpu_dtype(at::kBFloat16);
    at::autocast::clear_cache();
    torch::set_default_dtype(default_dtype);
  }
};

// The autocast state the way user code sets it (no RAII guard exists in C++).
struct CpuAutocast {
  CpuAutocast() { at::autocast::set_cpu_enabled(true); }
  ~CpuAutocast() {
    at::autocast::set_cpu_enabled(false);
    at::autocast::clear_cache();
  }
};

enum class Expect { Runs, Throws };

struct Case {
  const char *name;
  Expect expect;
  const char *regex; // for Throws
  std::function<void()> body;
};

#define RUNS Expect::Runs, nullptr
#define THROWS(re) Expect::Throws, re

torch::Tensor f32(int64_t r = 2, int64_t c = 2) {
  return torch::ones({r, c}, torch::kFloat);
}
torch::Tensor of(torch::ScalarType st, int64_t r = 2, int64_t c = 2) {
  return torch::ones({r, c}, st);
}

torch::Tensor gram(const torch::Tensor &a) { return torch::mm(a, a.t()); }

// Module::to() converts what is registered, integer buffers included (the
// C++ frontend's to_impl converts every parameter and buffer), and leaves a
// plain tensor member as it was made. (The member's dtype is written:
// cases() also sets the default dtype, in another case's lambda, so the
// analysis starts what cases() calls, this constructor among them since the
// holder's construction counts, with the default dtype unknown.)
struct PlainFreqsImpl : torch::nn::Module {
  PlainFreqsImpl() {
    freqs_ = torch::ones({2, 2}, torch::kFloat);
    scale_ = register_buffer("scale", torch::ones({2}));
    keep_ = register_buffer("keep", torch::ones({2}, torch::kLong));
  }
  torch::Tensor forward(const torch::Tensor &x) {
    return torch::mm(x, freqs_); // FLAGGED(torchdtype-mixed-precision)
  }
  torch::Tensor scaled(const torch::Tensor &x) { return torch::mv(x, scale_); }
  torch::Tensor count(const torch::Tensor &n) {
    return torch::mm(n, keep_.view({2, 1})); // FLAGGED(torchdtype-mixed-precision)
  }
  torch::Tensor freqs_, scale_, keep_;
};
TORCH_MODULE(PlainFreqs);

// An extension-style kernel: dispatches on its input's dtype (Double and
// Float only) and writes into a buffer made like the input.
torch::Tensor scale_rows(const torch::Tensor &x, double factor) {
  auto src = x.contiguous();
  auto out = torch::empty_like(src);
  AT_DISPATCH_FLOATING_TYPES(src.scalar_type(), "scale_rows", [&] { // FLAGGED(torchdtype-dispatch-missing-dtype)
    const scalar_t *in = src.data_ptr<scalar_t>();
    scalar_t *o = out.data_ptr<scalar_t>();
    for (int64_t i = 0; i < src.numel(); ++i)
      o[i] = in[i] * static_cast<scalar_t>(factor);
  });
  return out;
}

// Reads its weights with the input's element type; nothing checks that
// they share it.
torch::Tensor weighted(const torch::Tensor &x, const torch::Tensor &w) {
  auto out = torch::empty_like(x);
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "weighted", [&] {
    const scalar_t *in = x.data_ptr<scalar_t>();
    const scalar_t *wp = w.data_ptr<scalar_t>(); // FLAGGED(torchdtype-data-ptr-dtype, torchdtype-dispatch-operand-dtype)
    scalar_t *o = out.data_ptr<scalar_t>();
    for (int64_t i = 0; i < x.numel(); ++i)
      o[i] = in[i] * wp[i];
  });
  return out;
}

std::vector<Case> cases() {
  return {
      // ---- a number added with an alpha keeps the tensor's dtype; a
      // floating alpha for an integral tensor throws ----
      {"add_scalar_alpha_keeps_f64", RUNS,
       [] {
         auto d = of(torch::kDouble);
         EXPECT_DTYPE(d.add(1e-10), torch::kDouble);
         EXPECT_DTYPE(torch::add(d, 1, 2), torch::kDouble);
         EXPECT_DTYPE(d.sub(0.5, 0.25), torch::kDouble);
       }},
      {"hann_window_f64_widens_f32_frames", RUNS,
       [] {
         auto w = torch::hann_window(8, torch::TensorOptions().dtype(torch::kFloat64));
         if (w.dim() != 1)
           throw std::runtime_error("hann_window is not 1-D");
         EXPECT_DTYPE(torch::randn({3, 8}) * w, torch::kDouble);
       }},
      {"add_float_alpha_on_long_throws",
       THROWS("alpha must not be a floating point number"),
       [] { of(torch::kLong).add(1, 0.5); }},
      // ---- mixed-precision matrix ops (torchdtype-mixed-precision) ----
      {"mm_f32_f16", THROWS("^expected scalar type Float but found Half$"),
       [] { torch::mm(f32(), f32().to(torch::kHalf)); }}, // FLAGGED(torchdtype-mixed-precision)
      {"mm_f16_f32", THROWS("^\"addmm_impl_cpu_\" not implemented for 'Half'$"),
       [] { torch::mm(f32().to(torch::kHalf), f32()); }}, // FLAGGED(torchdtype-mixed-precision)
      {"mm_f64_f32", THROWS("^expected scalar type Double but found Float$"),
       [] { torch::mm(of(torch::kDouble), f32()); }}, // FLAGGED(torchdtype-mixed-precision)
      {"mm_f32_f64", THROWS("^expected scalar type Float but found Double$"),
       [] { torch::mm(f32(), of(torch::kDouble)); }}, // FLAGGED(torchdtype-mixed-precision)
      {"mm_f32_bf16", THROWS("^expected scalar type Float but found BFloat16$"),
       [] { torch::mm(f32(), of(torch::kBFloat16)); }}, // FLAGGED(torchdtype-mixed-precision)
      {"mm_f16_f16", THROWS("^\"addmm_impl_cpu_\" not implemented for 'Half'$"),
       [] { torch::mm(of(torch::kHalf), of(torch::kHalf)); }}, // FLAGGED(torchdtype-half-on-cpu)
      {"mm_method_f32_f16", THROWS("^expected scalar type Float but found Half$"),
       [] { f32().mm(of(torch::kHalf)); }}, // FLAGGED(torchdtype-mixed-precision)
      {"matmul_2d_f32_f16", THROWS("^expected scalar type Float but found Half$"),
       [] { torch::matmul(f32(), f32().to(torch::kHalf)); }}, // FLAGGED(torchdtype-mixed-precision)
      {"matmul_2d_f64_f32", THROWS("^expected scalar type Double but found Float$"),
       [] { torch::matmul(of(torch::kDouble), f32()); }}, // FLAGGED(torchdtype-mixed-precision)
      {"matmul_1d_f32_f16",
       THROWS("^dot : expected both vectors to have same dtype, but found Float and Half$"),
       [] { torch::matmul(torch::ones({3}), torch::ones({3}, torch::kHalf)); }},
      {"matmul_3d_f32_f64", THROWS("^expected scalar type Float but found Double$"),
       [] { torch::matmul(torch::ones({2, 2, 2}), torch::ones({2, 2}, torch::kDouble)); }},
      {"cdist_f32_f64", THROWS("^expected scalar type Float but found Double$"),
       [] { torch::cdist(f32(3, 4), of(torch::kDouble, 2, 4)); }}, // FLAGGED(torchdtype-mixed-precision)
      {"bmm_f32_f64", THROWS("^expected scalar type Float but found Double$"),
       [] { torch::bmm(torch::ones({2, 2, 2}), torch::ones({2, 2, 2}, torch::kDouble)); }},
      {"addmm_f32_f32_f64", THROWS("^self and mat2 must have the same dtype$"),
       [] { torch::addmm(f32(), f32(), of(torch::kDouble)); }}, // FLAGGED(torchdtype-mixed-precision)
      {"mv_f32_f64", THROWS("^expected scalar type Float but found Double$"),
       [] { torch::mv(f32(), torch::ones({2}, torch::kDouble)); }}, // FLAGGED(torchdtype-mixed-precision)
      {"dot_f32_f64",
       THROWS("^dot : expected both vectors to have same dtype, but found Float and Double$"),
       [] { torch::dot(torch::ones({2}), torch::ones({2}, torch::kDouble)); }},
      // with a bias, linear is addmm: the addmm meta check fires first
      {"linear_input_f64_weight_f32",
       THROWS("^mat1 and mat2 must have the same dtype$"),
       [] { torch::linear(of(torch::kDouble, 3, 4), f32(5, 4), torch::zeros({5})); }}, // FLAGGED(torchdtype-mixed-precision)
      // without a bias, linear is matmul
      {"linear_input_f32_weight_f16_no_bias",
       THROWS("^expected scalar type Float but found Half$"),
       [] { torch::linear(f32(3, 4), of(torch::kHalf, 5, 4)); }}, // FLAGGED(torchdtype-mixed-precision)
      {"conv2d_input_f64_weight_f32",
       THROWS("^expected scalar type Double but found Float$"),
       [] { torch::conv2d(torch::ones({1, 1, 4, 4}, torch::kDouble), torch::ones({1, 1, 3, 3})); }},
      {"conv2d_input_f32_weight_f64",
       THROWS("^expected scalar type Float but found Double$"),
       [] { torch::conv2d(torch::ones({1, 1, 4, 4}), torch::ones({1, 1, 3, 3}, torch::kDouble)); }},
      {"conv2d_input_f32_weight_f16",
       THROWS("^expected scalar type Float but found Half$"),
       [] { torch::conv2d(torch::ones({1, 1, 4, 4}), torch::ones({1, 1, 3, 3}, torch::kHalf)); }},

      {"conv2d_input_f64_weight_f32_bias_f32",
       THROWS("^Input type \\(double\\) and bias type \\(float\\) should be the same$"),
       [] {
         torch::conv2d(torch::ones({1, 1, 4, 4}, torch::kDouble), torch::ones({1, 1, 3, 3}),
                       torch::zeros({1}));
       }},
      {"linear_input_f32_weight_f16_bias_f16",
       THROWS("^mat1 and mat2 must have the same dtype$"),
       [] { torch::linear(f32(3, 4), of(torch::kHalf, 5, 4), torch::zeros({5}, torch::kHalf)); }}, // FLAGGED(torchdtype-mixed-precision)

      // ---- conversions whose result is dropped ----
      // (explicit kFloat: another case sets the default dtype, which the
      // analysis then takes as unknown in this file)
      {"to_dtype_as_statement_leaves_tensor", RUNS,
       [] {
         auto t = torch::randn({2, 2}, torch::kFloat);
         t.to(torch::kDouble); // FLAGGED(torchdtype-discarded-conversion, silent)
         EXPECT_DTYPE(t, torch::kFloat);
       }},
      {"toType_and_type_as_as_statements_leave_tensor", RUNS,
       [] {
         auto t = torch::randn({2, 2}, torch::kFloat);
         auto h = torch::zeros({1}, torch::kHalf);
         t.toType(torch::kHalf); // FLAGGED(torchdtype-discarded-conversion, silent)
         t.type_as(h); // FLAGGED(torchdtype-discarded-conversion, silent)
         t.cpu(); // FLAGGED(torchdtype-discarded-conversion, silent)
         EXPECT_DTYPE(t, torch::kFloat);
         EXPECT_TRUE(h.scalar_type() == torch::kHalf);
       }},
      {"to_dtype_dropped_then_mm_throws",
       THROWS("expected scalar type Double but found Float"),
       [] {
         auto features = torch::randn({2, 3}, torch::kDouble);
         auto weight = torch::randn({3, 4}, torch::kFloat);
         weight.to(torch::kDouble); // FLAGGED(torchdtype-discarded-conversion, silent)
         torch::mm(features, weight); // FLAGGED(torchdtype-mixed-precision)
       }},
      {"to_dtype_assigned_then_mm_runs", RUNS,
       [] {
         auto features = torch::randn({2, 3}, torch::kDouble);
         auto weight = torch::randn({3, 4}, torch::kFloat);
         weight = weight.to(torch::kDouble);
         (void)weight.to(torch::kFloat);
         EXPECT_DTYPE(torch::mm(features, weight), torch::kDouble);
       }},

      // ---- element accessors of another dtype (torchdtype-data-ptr-dtype) ----
      {"data_ptr_float_on_half_throws",
       THROWS("^expected scalar type Float but found Half$"),
       [] {
         auto h = torch::ones({4}, torch::kHalf);
         float *p = h.data_ptr<float>(); // FLAGGED(torchdtype-data-ptr-dtype)
         (void)p;
       }},
      {"accessor_float_on_double_throws",
       THROWS("^expected scalar type Float but found Double$"),
       [] {
         auto d = torch::ones({2, 2}, torch::kDouble);
         auto a = d.accessor<float, 2>(); // FLAGGED(torchdtype-data-ptr-dtype)
         (void)a;
       }},
      {"data_ptr_of_own_dtype_runs", RUNS,
       [] {
         auto h = torch::ones({4}, torch::kHalf);
         auto f = h.to(torch::kFloat);
         EXPECT_TRUE(f.data_ptr<float>()[0] == 1.0f);
         EXPECT_TRUE(float(h.data_ptr<at::Half>()[0]) == 1.0f);
         EXPECT_TRUE(h[0].item<float>() == 1.0f); // item converts
       }},

      // ---- AT_DISPATCH_* (torchdtype-dispatch-missing-dtype, data-ptr) ----
      {"dispatch_floating_types_on_half_throws",
       THROWS("^\"scale_rows\" not implemented for 'Half'$"),
       [] {
         auto h = torch::ones({4}, torch::kHalf);
         scale_rows(h, 2.0);
       }},
      {"dispatch_floating_types_on_float_and_double_runs", RUNS,
       [] {
         auto h = torch::ones({4}, torch::kHalf);
         auto y = scale_rows(h.to(torch::kFloat), 2.0);
         EXPECT_DTYPE(y, torch::kFloat);
         EXPECT_TRUE(y[0].item<float>() == 2.0f);
         EXPECT_DTYPE(scale_rows(torch::ones({4}, torch::kDouble), 3.0),
                      torch::kDouble);
       }},
      {"dispatch_weights_of_other_dtype_throws",
       THROWS("^expected scalar type Double but found Float$"),
       [] {
         auto x = torch::ones({4}, torch::kDouble);
         auto w = torch::full({4}, 0.5, torch::kFloat);
         weighted(x, w);
       }},
      {"dispatch_weights_of_same_dtype_runs", RUNS,
       [] {
         auto x = torch::ones({4}, torch::kDouble);
         auto w = torch::full({4}, 0.5, torch::kFloat);
         EXPECT_DTYPE(weighted(x, w.to(x.scalar_type())), torch::kDouble);
       }},

      // ---- nn modules ----
      {"nn_linear_f32_called_with_f64",
       THROWS("^mat1 and mat2 must have the same dtype$"),
       [] {
         torch::nn::Linear fc(4, 2);
         fc->forward(torch::ones({3, 4}, torch::kDouble));
       }},
      {"nn_linear_to_f64_called_with_f32",
       THROWS("^mat1 and mat2 must have the same dtype$"),
       [] {
         torch::nn::Linear fc(4, 2);
         fc->to(torch::kDouble);
         fc->forward(torch::ones({3, 4}));
       }},
      {"nn_linear_to_f64_called_with_f64", RUNS,
       [] {
         torch::nn::Linear fc(4, 2);
         fc->to(torch::kDouble);
         EXPECT_DTYPE(fc->forward(torch::ones({3, 4}, torch::kDouble)), torch::kDouble);
       }},
      {"nn_conv2d_f32_called_with_f64",
       THROWS("^Input type \\(double\\) and bias type \\(float\\) should be the same$"),
       [] {
         torch::nn::Conv2d conv(torch::nn::Conv2dOptions(1, 1, 3));
         conv->forward(torch::ones({1, 1, 4, 4}, torch::kDouble));
       }},

      // ---- ops that keep their input's dtype (api.json tensor_ops.preserve) ----
      {"preserve_ops_keep_Double_and_BFloat16", RUNS,
       [] {
         namespace F = torch::nn::functional;
         for (auto st : {torch::kDouble, torch::kBFloat16}) {
           auto x = torch::rand({2, 3, 4, 4}).to(st);
           auto m = torch::rand({2, 3, 4, 4}).lt(0.5);
           auto idx = torch::zeros({2, 3, 4, 4}, torch::kLong);
           EXPECT_DTYPE(x.masked_select(m), st);
           EXPECT_DTYPE(x.gather(1, idx), st);
           EXPECT_DTYPE(x.take(torch::tensor({0, 1})), st);
           EXPECT_DTYPE(torch::take_along_dim(x, idx, 1), st);
           EXPECT_DTYPE(x.index_fill(1, torch::tensor({0}), 1.0), st);
           EXPECT_DTYPE(x.diagonal(0, 2, 3), st);
           EXPECT_DTYPE(torch::diag(x.flatten()), st);
           EXPECT_DTYPE(torch::diag_embed(x), st);
           EXPECT_DTYPE(torch::diagflat(x), st);
           EXPECT_DTYPE(x.triu(), st);
           EXPECT_DTYPE(x.tril(), st);
           EXPECT_DTYPE(x.unfold(3, 2, 1), st);
           EXPECT_DTYPE(x.movedim(1, 3), st);
           EXPECT_DTYPE(x.swapaxes(1, 2), st);
           EXPECT_DTYPE(x.view_as(x), st);
           EXPECT_DTYPE(x.reshape_as(x), st);
           EXPECT_DTYPE(x.sinh(), st);
           EXPECT_DTYPE(x.cosh(), st);
           EXPECT_DTYPE(x.erf(), st);
           EXPECT_DTYPE(x.trunc(), st);
           EXPECT_DTYPE(x.nan_to_num(), st);
           EXPECT_DTYPE(x.clip(0, 1), st);
           EXPECT_DTYPE(x.repeat_interleave(2), st);
           EXPECT_DTYPE(x.tile({2}), st);
           EXPECT_DTYPE(x.median(), st);
           EXPECT_DTYPE(x.logsumexp(1), st);
           EXPECT_DTYPE(F::softplus(x), st);
           EXPECT_DTYPE(torch::hardswish(x), st);
           EXPECT_DTYPE(F::selu(x), st);
           EXPECT_DTYPE(F::relu6(x), st);
           EXPECT_DTYPE(F::logsigmoid(x), st);
           EXPECT_DTYPE(F::pad(x, F::PadFuncOptions({1, 1})), st);
           EXPECT_DTYPE(F::avg_pool2d(x, F::AvgPool2dFuncOptions(2)), st);
           EXPECT_DTYPE(F::max_pool2d(x, F::MaxPool2dFuncOptions(2)), st);
           EXPECT_DTYPE(F::adaptive_avg_pool2d(
                            x, F::AdaptiveAvgPool2dFuncOptions(1)),
                        st);
         }
         EXPECT_DTYPE(torch::nn::functional::mish(of(torch::kDouble)),
                      torch::kDouble);
       }},

      // ---- promoting elementwise ops (not flagged) ----
      {"add_f16_f32_promotes_to_Float", RUNS,
       [] { EXPECT_DTYPE(of(torch::kHalf) + f32(), torch::kFloat); }},
      {"add_f32_f64_promotes_to_Double", RUNS,
       [] { EXPECT_DTYPE(torch::add(f32(), of(torch::kDouble)), torch::kDouble); }},
      {"mul_i64_f32_promotes_to_Float", RUNS,
       [] { EXPECT_DTYPE(of(torch::kLong) * f32(), torch::kFloat); }},
      {"add_bf16_f16_promotes_to_Float", RUNS,
       [] { EXPECT_DTYPE(of(torch::kBFloat16) + of(torch::kHalf), torch::kFloat); }},
      {"add_f16_0dim_f32_stays_Half", RUNS,
       [] { EXPECT_DTYPE(of(torch::kHalf) + torch::tensor(2.0f), torch::kHalf); }},
      {"inplace_add_f32_plus_f16_runs", RUNS,
       [] {
         auto a = f32();
         a += of(torch::kHalf);
         EXPECT_DTYPE(a, torch::kFloat);
       }},
      {"inplace_add_f16_plus_f32_stays_Half", RUNS,
       [] {
         auto a = of(torch::kHalf);
         a.add_(f32());
         EXPECT_DTYPE(a, torch::kHalf);
       }},
      {"inplace_add_i64_plus_f32_throws",
       THROWS("^result type Float can't be cast to the desired output type Long$"),
       [] {
         auto a = of(torch::kLong);
         a.add_(f32()); // FLAGGED(torchdtype-inplace-dtype)
       }},
      {"index_add_f32_with_f64_source_throws",
       THROWS("index_add_\\(\\): self \\(Float\\) and source \\(Double\\) must have the same scalar type"),
       [] {
         auto a = torch::zeros({3}, torch::kFloat);
         a.index_add_(0, torch::tensor({0, 1}), torch::ones({2}, torch::kDouble)); // FLAGGED(torchdtype-inplace-dtype)
       }},

      // ---- writes whose source must have self's dtype (torchdtype-inplace-dtype) ----
      {"index_add_fn_f32_with_f16_source_throws",
       THROWS("^index_add_\\(\\): self \\(Float\\) and source \\(Half\\) must have the same scalar type$"),
       [] { torch::index_add(torch::zeros({3}, torch::kFloat), 0, torch::tensor({0, 1}), torch::ones({2}, torch::kHalf)); }}, // FLAGGED(torchdtype-inplace-dtype)
      {"index_put_f32_long_index_f64_values_throws",
       THROWS("^Index put requires the source and destination dtypes match, got Float for the destination and Double for the source\\.$"),
       [] {
         auto a = torch::zeros({4}, torch::kFloat);
         a.index_put_({torch::tensor({0, 1})}, torch::ones({2}, torch::kDouble)); // FLAGGED(torchdtype-inplace-dtype)
       }},
      {"index_put_f32_long_index_0dim_f64_value_throws",
       THROWS("^Index put requires the source and destination dtypes match, got Float for the destination and Double for the source\\.$"),
       [] {
         auto a = torch::zeros({4}, torch::kFloat);
         a.index_put_({torch::tensor({0, 1})}, torch::tensor(2.0, torch::kDouble)); // FLAGGED(torchdtype-inplace-dtype)
       }},
      // a bool mask with a one-element value becomes masked_fill_, which converts
      {"index_put_bool_mask_0dim_f64_value_runs", RUNS,
       [] {
         auto a = torch::zeros({4}, torch::kFloat);
         a.index_put_({a > -1}, torch::tensor(2.0, torch::kDouble));
         EXPECT_DTYPE(a, torch::kFloat);
       }},
      // only slices: a copy_, which converts
      {"index_put_slice_f64_values_runs", RUNS,
       [] {
         auto a = torch::zeros({4}, torch::kFloat);
         a.index_put_({torch::indexing::Slice(0, 2)}, torch::ones({2}, torch::kDouble));
       }},
      {"index_copy_f32_with_f64_source_throws",
       THROWS("^index_copy_\\(\\): self and source expected to have the same dtype, but got \\(self\\) Float and \\(source\\) Double$"),
       [] {
         auto a = torch::zeros({4}, torch::kFloat);
         a.index_copy_(0, torch::tensor({0, 1}), torch::ones({2}, torch::kDouble)); // FLAGGED(torchdtype-inplace-dtype)
       }},
      {"masked_scatter_f32_with_f64_source_throws",
       THROWS("^masked_scatter: expected self and source to have same dtypes but ?gotFloat and Double$"),
       [] {
         auto a = torch::zeros({4}, torch::kFloat);
         a.masked_scatter_(a > -1, torch::ones({4}, torch::kDouble)); // FLAGGED(torchdtype-inplace-dtype)
       }},
      {"scatter_f32_with_f64_src_throws",
       THROWS("^scatter\\(\\): Expected self\\.dtype to be equal to src\\.dtype$"),
       [] {
         auto a = torch::zeros({4}, torch::kFloat);
         a.scatter_(0, torch::tensor({0, 1}), torch::ones({2}, torch::kDouble)); // FLAGGED(torchdtype-inplace-dtype)
       }},
      {"scatter_add_f32_with_long_src_throws",
       THROWS("^scatter\\(\\): Expected self\\.dtype to be equal to src\\.dtype$"),
       [] {
         auto a = torch::zeros({4}, torch::kFloat);
         auto idx = torch::tensor({0, 1});
         a.scatter_add_(0, idx, torch::ones_like(idx)); // FLAGGED(torchdtype-inplace-dtype)
       }},
      {"scatter_f32_with_double_value_runs", RUNS,
       [] {
         auto a = torch::zeros({4}, torch::kFloat);
         a.scatter_(0, torch::tensor({0, 1}), 2.5);
       }},
      {"put_f32_with_f64_source_throws",
       THROWS("^put_\\(\\): self and source expected to have the same dtype, but got self\\.dtype = Float and source\\.dtype = Double$"),
       [] {
         auto a = torch::zeros({4}, torch::kFloat);
         a.put_(torch::tensor({0, 1}), torch::ones({2}, torch::kDouble)); // FLAGGED(torchdtype-inplace-dtype)
       }},
      {"lerp_f32_with_f64_end_throws",
       THROWS("^expected dtype float for `end` but got dtype double$"),
       [] {
         auto a = torch::zeros({4}, torch::kFloat);
         a.lerp_(torch::ones({4}, torch::kDouble), 0.5); // FLAGGED(torchdtype-inplace-dtype)
       }},
      {"lerp_f32_with_f64_weight_throws",
       THROWS("^expected dtype float for `weight` but got dtype double$"),
       [] { torch::lerp(torch::zeros({4}, torch::kFloat), torch::ones({4}, torch::kFloat), torch::full({4}, 0.5, torch::kDouble)); }}, // FLAGGED(torchdtype-inplace-dtype)
      {"copy_f32_from_f64_runs", RUNS,
       [] {
         auto a = torch::zeros({4}, torch::kFloat);
         a.copy_(torch::ones({4}, torch::kDouble));
         EXPECT_DTYPE(a, torch::kFloat);
       }},
      {"index_fill_f32_with_0dim_f64_runs", RUNS,
       [] {
         auto a = torch::zeros({4}, torch::kFloat);
         a.index_fill_(0, torch::tensor({0, 1}), torch::tensor(1.0, torch::kDouble));
       }},
      {"inplace_div_i64_by_int_throws",
       THROWS("^result type Float can't be cast to the desired output type Long$"),
       [] {
         auto a = torch::arange(4);
         a /= 2; // FLAGGED(torchdtype-inplace-dtype)
       }},
      // Class weights from a loss's options: with class indices they must
      // have the input's dtype; with probabilities cross_entropy promotes.
      {"einsum_f32_f64_throws",
       THROWS("^expected scalar type (Float|Double) but found (Float|Double)$"),
       [] {
         auto a = torch::randn({2, 3}, torch::kFloat);
         auto b = torch::randn({3, 2}, torch::kDouble);
         torch::einsum("ij,jk->ik", {a, b}); // FLAGGED(torchdtype-mixed-precision)
       }},
      {"cross_entropy_f64_class_weights_throws",
       THROWS("^expected scalar type Float but found Double$"),
       [] {
         namespace F = torch::nn::functional;
         auto logits = torch::randn({8, 4}, torch::kFloat);
         auto y = torch::randint(0, 4, {8}, torch::kLong);
         auto w = torch::ones({4}, torch::kDouble);
         F::cross_entropy(logits, y, F::CrossEntropyFuncOptions().weight(w)); // FLAGGED(torchdtype-loss-target-dtype)
       }},
      {"cross_entropy_f64_class_weights_probabilities_runs", RUNS,
       [] {
         namespace F = torch::nn::functional;
         auto logits = torch::randn({8, 4}, torch::kFloat);
         auto probs = torch::softmax(torch::randn({8, 4}, torch::kFloat), 1);
         auto w = torch::ones({4}, torch::kDouble);
         F::cross_entropy(logits, probs, F::CrossEntropyFuncOptions().weight(w));
       }},
      // group_norm and layer_norm need input, weight and bias of one dtype
      // on 1.13.1's CPU (2.x has mixed-type kernels for 16-bit inputs).
      {"group_norm_f64_f32_weights_throws",
       THROWS("^expected scalar type Double but found Float$"),
       [] {
         auto x = torch::randn({2, 16, 8}, torch::kDouble);
         auto w = torch::ones({16}, torch::kFloat);
         torch::group_norm(x, 4, w, torch::zeros({16}, torch::kFloat)); // FLAGGED(torchdtype-mixed-precision)
       }},
      {"layer_norm_bf16_f32_weights_throws",
       THROWS("^expected scalar type BFloat16 but found Float$"),
       [] {
         auto x = torch::randn({2, 8}, torch::kFloat).to(torch::kBFloat16);
         auto w = torch::ones({8}, torch::kFloat);
         torch::layer_norm(x, {8}, w, torch::zeros({8}, torch::kFloat)); // FLAGGED(torchdtype-mixed-precision)
       }},
      {"layer_norm_f32_f64_weights_throws",
       THROWS("^expected scalar type Float but found Double$"),
       [] {
         auto x = torch::randn({2, 8}, torch::kFloat);
         auto w = torch::ones({8}, torch::kDouble);
         torch::layer_norm(x, {8}, w, w); // FLAGGED(torchdtype-mixed-precision)
       }},
      {"group_norm_f32_f32_weights_runs", RUNS,
       [] {
         auto x = torch::randn({2, 16, 8}, torch::kFloat);
         auto w = torch::ones({16}, torch::kFloat);
         torch::group_norm(x, 4, w, w);
         torch::layer_norm(torch::randn({2, 8}, torch::kDouble), {8},
                           torch::ones({8}, torch::kDouble));
       }},
      // set_data gives a tensor another tensor's data, dtype included
      // (api.json's data_setters); set_ of another dtype keeps self's.
      {"set_data_takes_the_new_dtype_throws",
       THROWS("^expected scalar type Float but found Double$"),
       [] {
         auto a = torch::randn({4, 4}, torch::kFloat);
         a.set_data(a.to(torch::kDouble));
         torch::mm(torch::randn({2, 4}, torch::kFloat), a); // FLAGGED(torchdtype-mixed-precision)
       }},
      {"set_data_takes_the_new_dtype_runs", RUNS,
       [] {
         auto a = torch::randn({4, 4}, torch::kFloat);
         a.set_data(a.to(torch::kDouble));
         torch::mm(a, torch::randn({4, 4}, torch::kDouble));
         std::vector<torch::Tensor> v{torch::randn({4, 4}, torch::kFloat)};
         for (auto &t : v)
           t.set_data(t.to(torch::kDouble));
         torch::mm(v[0], torch::randn({4, 4}, torch::kDouble));
         auto b = torch::randn({4, 4}, torch::kFloat);
         b.set_(torch::randn({4, 4}, torch::kDouble));
         EXPECT_TRUE(b.scalar_type() == torch::kFloat);
       }},
      // A copy of a module holder shares its module: to() through the copy
      // converts the original.
      {"holder_copy_shares_its_module_throws",
       THROWS("^mat1 and mat2 must have the same dtype$"),
       [] {
         torch::nn::Linear fc(4, 3);
         torch::nn::Linear alias = fc;
         alias->to(torch::kDouble);
         fc(torch::randn({2, 4}, torch::kFloat)); // FLAGGED(torchdtype-module-input-dtype)
       }},
      {"holder_copy_shares_its_module_runs", RUNS,
       [] {
         torch::nn::Linear fc(4, 3);
         torch::nn::Linear alias = fc;
         alias->to(torch::kDouble);
         fc(torch::randn({2, 4}, torch::kDouble));
         std::vector<torch::nn::Linear> heads{fc};
         heads[0]->to(torch::kFloat);
         fc(torch::randn({2, 4}, torch::kFloat));
       }},
      // A write through a reference is a write of its target.
      {"reference_write_changes_the_target_runs", RUNS,
       [] {
         auto a = torch::randn({4, 4}, torch::kFloat);
         auto &r = a;
         r = r.to(torch::kDouble);
         torch::mm(a, torch::randn({4, 4}, torch::kDouble));
       }},
      // cross_entropy reads a target of another shape than the input's as
      // class indices: a floating one throws (1.13.1 compares the sizes).
      {"cross_entropy_float_class_index_target_throws",
       THROWS("^expected scalar type Long but found Float$"),
       [] {
         namespace F = torch::nn::functional;
         auto logits = torch::randn({32, 5}, torch::kFloat);
         auto hard = torch::randn({32}, torch::kFloat);
         F::cross_entropy(logits, hard); // FLAGGED(torchdtype-loss-target-dtype)
       }},
      {"cross_entropy_viewed_float_target_throws",
       THROWS("^expected scalar type Long but found Float$"),
       [] {
         namespace F = torch::nn::functional;
         auto logits = torch::randn({8, 4}, torch::kFloat).view({-1, 4});
         auto y = torch::zeros({8, 1}, torch::kFloat).view(-1);
         F::cross_entropy(logits, y); // FLAGGED(torchdtype-loss-target-dtype)
       }},
      {"cross_entropy_module_float_list_target_throws",
       THROWS("^expected scalar type Long but found Float$"),
       [] {
         torch::nn::CrossEntropyLoss criterion;
         auto logits = torch::randn({3, 4}, torch::kFloat);
         auto y = torch::tensor({0.0, 2.0, 1.0}, torch::kFloat);
         criterion(logits, y); // FLAGGED(torchdtype-loss-target-dtype)
       }},
      {"cross_entropy_float_target_of_input_shape_runs", RUNS,
       [] {
         namespace F = torch::nn::functional;
         auto logits = torch::randn({8, 4}, torch::kFloat);
         auto y = torch::zeros({8}, torch::kFloat).unsqueeze(1).expand({8, 4});
         F::cross_entropy(logits, y);
       }},
      // A number on the left of - / %: empty_like(t).fill_(x).op_(t)
      // (ATen/TensorOperators.h), so it runs in t's dtype.
      {"scalar_div_by_i64_tensor_throws",
       THROWS("^result type Float can't be cast to the desired output type Long$"),
       [] {
         auto counts = torch::arange(1, 5);
         auto inv = 1.0 / counts; // FLAGGED(torchdtype-inplace-dtype)
       }},
      {"scalar_minus_i64_tensor_stays_long_runs", RUNS,
       [] {
         auto a = torch::arange(4);
         auto r = 1.5 - a;
         if (r.scalar_type() != torch::kLong)
           throw std::runtime_error("1.5 - int64 tensor is not int64");
         auto f = 2.0 / torch::arange(1, 5, torch::kFloat);
         if (f.scalar_type() != torch::kFloat)
           throw std::runtime_error("2.0 / float32 tensor is not float32");
       }},
      {"inplace_mul_i64_by_double_throws",
       THROWS("^result type Float can't be cast to the desired output type Long$"),
       [] {
         auto a = torch::arange(4);
         a.mul_(0.5); // FLAGGED(torchdtype-inplace-dtype)
       }},
      {"inplace_add_bool_plus_int_throws",
       THROWS("^result type Long can't be cast to the desired output type Bool$"),
       [] {
         auto a = torch::ones({4}, torch::kBool);
         a.add_(1); // FLAGGED(torchdtype-inplace-dtype)
       }},
      {"inplace_div_i64_floor_runs", RUNS,
       [] {
         auto a = torch::arange(4);
         a.div_(2, "floor");
         EXPECT_DTYPE(a, torch::kLong);
       }},
      {"inplace_add_i32_plus_i64_runs", RUNS,
       [] {
         auto a = torch::ones({4}, torch::kInt);
         a.add_(torch::arange(4));
         EXPECT_DTYPE(a, torch::kInt);
       }},
      {"inplace_sub_i64_minus_int_runs", RUNS,
       [] {
         auto a = torch::arange(4);
         a -= 1;
       }},

      // what a value is after a call: a Sequential runs its layers, a helper
      // runs under its caller's autocast region, cat promotes
      {"autocast_cpu_sequential_result_into_f32_buffer_throws",
       THROWS("^Index put requires the source and destination dtypes match, got Float for the destination and BFloat16 for the source\\.$"),
       [] {
         torch::nn::Sequential seq(torch::nn::Linear(4, 4), torch::nn::ReLU(), torch::nn::Linear(4, 4));
         seq->to(torch::kFloat); // this file changes the default dtype elsewhere
         auto buf = torch::zeros({4, 4}, torch::kFloat);
         CpuAutocast ac;
         buf.index_put_({torch::arange(4)}, seq->forward(f32(4, 4))); // FLAGGED(torchdtype-inplace-dtype)
       }},
      {"autocast_cpu_helper_result_into_f32_buffer_throws",
       THROWS("^index_copy_\\(\\): self and source expected to have the same dtype, but got \\(self\\) Float and \\(source\\) BFloat16$"),
       [] {
         auto buf = torch::zeros({2, 2}, torch::kFloat);
         torch::Tensor s;
         {
           CpuAutocast ac;
           s = gram(f32());
         }
         buf.index_copy_(0, torch::arange(2), s); // FLAGGED(torchdtype-inplace-dtype)
       }},
      // autocast never casts float64: a float64 input meets bfloat16 weights
      {"autocast_cpu_linear_f64_input_throws", THROWS("^mat1 and mat2 must have the same dtype$"),
       [] {
         torch::nn::Linear lin(3, 2);
         lin->to(torch::kFloat); // this file changes the default dtype elsewhere
         auto x = torch::rand({4, 3}, torch::kDouble);
         CpuAutocast ac;
         lin(x); // FLAGGED(torchdtype-module-input-dtype)
       }},
      {"autocast_cpu_linear_f32_input_runs_BFloat16", RUNS,
       [] {
         torch::nn::Linear lin(3, 2);
         lin->to(torch::kFloat);
         CpuAutocast ac;
         EXPECT_DTYPE(lin(torch::rand({4, 3}, torch::kFloat)), torch::kBFloat16);
       }},
      {"helper_result_without_autocast_runs_Float", RUNS,
       [] {
         auto buf = torch::zeros({2, 2}, torch::kFloat);
         buf.index_copy_(0, torch::arange(2), gram(f32()));
       }},
      {"cat_f32_f64_into_f32_buffer_throws",
       THROWS("^index_copy_\\(\\): self and source expected to have the same dtype, but got \\(self\\) Float and \\(source\\) Double$"),
       [] {
         auto buf = torch::zeros({4, 2}, torch::kFloat);
         buf.index_copy_(0, torch::arange(4), torch::cat({f32(), of(torch::kDouble)})); // FLAGGED(torchdtype-inplace-dtype)
       }},

      // integer inputs and targets where floating ones are needed
      {"nn_linear_f32_called_with_long_throws",
       THROWS("^mat1 and mat2 must have the same dtype$"),
       [] {
         torch::nn::Linear lin(5, 2);
         lin->to(torch::kFloat);
         auto counts = torch::tensor({{2, 1, 0, 1, 0}});
         lin(counts); // FLAGGED(torchdtype-module-input-dtype)
       }},
      {"bce_with_logits_long_target_throws",
       THROWS("^result type Float can't be cast to the desired output type Long$"),
       [] {
         auto clicked = torch::tensor({1, 0, 1}).unsqueeze(1);
         torch::nn::functional::binary_cross_entropy_with_logits(f32(3, 1), clicked); // FLAGGED(torchdtype-loss-target-dtype)
       }},
      {"binary_cross_entropy_long_target_throws",
       THROWS("^Found dtype Long but expected Float$"),
       [] {
         auto clicked = torch::tensor({1, 0, 1}).unsqueeze(1);
         torch::binary_cross_entropy(torch::sigmoid(f32(3, 1)), clicked); // FLAGGED(torchdtype-loss-target-dtype)
       }},
      {"mse_loss_long_target_forward_runs", RUNS,
       [] {
         auto labels = torch::tensor({1, 0, 1}).unsqueeze(1);
         torch::mse_loss(f32(3, 1), labels);
       }},

      // ---- out= tensors of the wrong dtype (torchdtype-out-dtype) ----
      {"mm_out_f64_out_f32_inputs_throws",
       THROWS("^Expected out tensor to have dtype float, but got double instead$"),
       [] {
         auto out = torch::empty({2, 2}, torch::kDouble);
         torch::mm_out(out, f32(), f32()); // FLAGGED(torchdtype-out-dtype)
       }},
      {"matmul_out_f16_out_f32_inputs_throws",
       THROWS("^Expected out tensor to have dtype float, but got c10::Half instead$"),
       [] {
         auto out = torch::empty({2, 2}, torch::kHalf);
         torch::matmul_out(out, f32(), f32()); // FLAGGED(torchdtype-out-dtype)
       }},
      {"mm_outf_f32_out_f64_inputs_throws",
       THROWS("^Expected out tensor to have dtype double, but got float instead$"),
       [] {
         auto out = torch::empty({2, 2}, torch::kFloat);
         at::mm_outf(of(torch::kDouble), of(torch::kDouble), out); // FLAGGED(torchdtype-out-dtype)
       }},
      {"argmax_out_int_out_throws",
       THROWS("^Expected out tensor to have dtype long int, but got int instead$"),
       [] {
         auto out = torch::empty({2}, torch::kInt);
         at::argmax_out(out, f32(), 1); // FLAGGED(torchdtype-out-dtype)
       }},
      {"topk_out_int_indices_throws",
       THROWS("^Expected out tensor to have dtype long int, but got int instead$"),
       [] {
         auto values = torch::empty({2, 1}, torch::kFloat);
         auto indices = torch::empty({2, 1}, torch::kInt);
         at::topk_out(values, indices, f32(), 1, 1); // FLAGGED(torchdtype-out-dtype)
       }},
      {"sort_out_f64_values_throws",
       THROWS("^Expected out tensor to have dtype float, but got double instead$"),
       [] {
         auto values = torch::empty({2, 2}, torch::kDouble);
         auto indices = torch::empty({2, 2}, torch::kLong);
         at::sort_out(values, indices, f32(), 1); // FLAGGED(torchdtype-out-dtype)
       }},
      {"max_out_int_indices_throws",
       THROWS("^Expected out tensor to have dtype long int, but got int instead$"),
       [] {
         auto values = torch::empty({2}, torch::kFloat);
         auto indices = torch::empty({2}, torch::kInt);
         at::max_out(values, indices, f32(), 1); // FLAGGED(torchdtype-out-dtype)
       }},
      // elementwise and reducing out= ops cast into the out tensor
      {"add_out_f64_out_f32_inputs_runs", RUNS,
       [] {
         auto out = torch::empty({2, 2}, torch::kDouble);
         at::add_out(out, f32(), f32());
         EXPECT_DTYPE(out, torch::kDouble);
       }},
      {"sum_out_f64_out_runs", RUNS,
       [] {
         auto out = torch::empty({2}, torch::kDouble);
         at::sum_out(out, f32(), {1});
       }},
      {"cumsum_out_f64_out_runs", RUNS,
       [] {
         auto out = torch::empty({2, 2}, torch::kDouble);
         at::cumsum_out(out, f32(), 1);
       }},
      {"max_out_binary_f64_out_runs", RUNS,
       [] {
         auto out = torch::empty({2, 2}, torch::kDouble);
         at::max_out(out, f32(), f32());
       }},

      // ---- losses, scalars, CPU kernels (knowledge-base records) ----
      // forward promotes to Double; mse_loss_backward's iterator wants one dtype
      {"mse_loss_backward_f32_input_f64_target_throws",
       THROWS("^Found dtype Double but expected Float$"),
       [] {
         auto x = torch::ones({3}, torch::requires_grad());
         torch::mse_loss(x, torch::zeros({3}, torch::kDouble)).backward();
       }},
      {"fill_f16_out_of_range_throws",
       THROWS("^value cannot be converted to type at::Half without overflow$"),
       [] { of(torch::kHalf).fill_(1e6); }}, // FLAGGED(torchdtype-half-overflow)
      {"masked_fill_f16_minus_1e9_throws",
       THROWS("^value cannot be converted to type at::Half without overflow$"),
       [] {
         auto scores = torch::randn({2, 4}).to(torch::kHalf);
         auto pad = torch::tensor({false, false, true, true});
         scores.masked_fill_(pad, -1e9); // FLAGGED(torchdtype-half-overflow)
       }},
      {"masked_fill_f16_minus_inf_runs", RUNS,
       [] {
         auto scores = torch::randn({2, 4}).to(torch::kHalf);
         auto pad = torch::tensor({false, false, true, true});
         scores.masked_fill_(pad, -std::numeric_limits<float>::infinity());
         scores.masked_fill_(pad, -65504.0);
         scores.masked_fill_(pad, -1e4);
         auto s32 = scores.to(torch::kFloat).masked_fill(pad, -1e9);
         EXPECT_DTYPE(s32, torch::kFloat);
       }},
      {"full_f16_out_of_range_throws",
       THROWS("^value cannot be converted to type at::Half without overflow$"),
       [] {
         auto big = torch::full({2}, 1e5, torch::kHalf); // FLAGGED(torchdtype-half-overflow)
         (void)big;
       }},
      {"layer_norm_f16_cpu_throws",
       THROWS("^\"LayerNormKernelImpl\" not implemented for 'Half'$"),
       [] { torch::layer_norm(of(torch::kHalf, 2, 4), {4}); }}, // FLAGGED(torchdtype-half-on-cpu)
      {"conv2d_mkldnn_input_f64_weight_throws",
       THROWS("^Input type \\(MkldnnCPUFloatType\\) and weight type \\(CPUDoubleType\\) should be the same or input should be a MKLDNN tensor and weight is a dense tensor$"),
       [] { torch::conv2d(torch::ones({1, 1, 4, 4}).to_mkldnn(), torch::ones({1, 1, 3, 3}, torch::kDouble)); }},
      // binary_cross_entropy is banned under CUDA autocast only; CPU autocast runs it in float32
      {"autocast_cpu_binary_cross_entropy_runs_Float", RUNS,
       [] {
         CpuAutocast ac;
         EXPECT_DTYPE(torch::binary_cross_entropy(torch::sigmoid(of(torch::kBFloat16)), f32()), torch::kFloat);
       }},

      // ---- same dtypes run ----
      {"mm_f32_f32", RUNS, [] { EXPECT_DTYPE(torch::mm(f32(), f32()), torch::kFloat); }},
      {"mm_f64_f64", RUNS,
       [] { EXPECT_DTYPE(torch::mm(of(torch::kDouble), of(torch::kDouble)), torch::kDouble); }},
      {"mm_bf16_bf16", RUNS,
       [] { EXPECT_DTYPE(torch::mm(of(torch::kBFloat16), of(torch::kBFloat16)), torch::kBFloat16); }},
      {"matmul_f32_f32", RUNS, [] { EXPECT_DTYPE(torch::matmul(f32(), f32()), torch::kFloat); }},
      {"matmul_f32_to_half_to_float", RUNS,
       [] { EXPECT_DTYPE(torch::matmul(f32(), f32().to(torch::kHalf).to(torch::kFloat)), torch::kFloat); }},
      {"conv2d_f32_f32", RUNS,
       [] { EXPECT_DTYPE(torch::conv2d(torch::ones({1, 1, 4, 4}), torch::ones({1, 1, 3, 3})), torch::kFloat); }},
      {"linear_f32_f32", RUNS,
       [] { EXPECT_DTYPE(torch::linear(f32(3, 4), f32(5, 4)), torch::kFloat); }},

      // ---- CPU autocast (1.13: bfloat16 only) ----
      {"autocast_cpu_mm_f32_bf16_runs_BFloat16", RUNS,
       [] {
         CpuAutocast ac;
         EXPECT_DTYPE(torch::mm(f32(), of(torch::kBFloat16)), torch::kBFloat16);
       }},
      {"autocast_cpu_mm_f32_f16_runs_BFloat16", RUNS,
       [] {
         CpuAutocast ac;
         EXPECT_DTYPE(torch::mm(f32(), of(torch::kHalf)), torch::kBFloat16);
       }},
      {"autocast_cpu_matmul_f32_bf16_runs_BFloat16", RUNS,
       [] {
         CpuAutocast ac;
         EXPECT_DTYPE(torch::matmul(f32(), of(torch::kBFloat16)), torch::kBFloat16);
       }},
      {"autocast_cpu_linear_f32_bf16_runs_BFloat16", RUNS,
       [] {
         CpuAutocast ac;
         EXPECT_DTYPE(torch::linear(f32(3, 4), of(torch::kBFloat16, 5, 4)), torch::kBFloat16);
       }},
      {"autocast_cpu_inplace_addmm_f32_bf16_throws",
       THROWS("^self and mat2 must have the same dtype$"),
       [] {
         CpuAutocast ac;
         auto a = f32();
         a.addmm_(of(torch::kBFloat16), of(torch::kBFloat16)); // FLAGGED(torchdtype-mixed-precision)
       }},
      // autocast casts the float32 operand to bfloat16 and leaves the float64 one
      {"autocast_cpu_mm_f64_f32_throws",
       THROWS("^expected scalar type Double but found BFloat16$"),
       [] {
         CpuAutocast ac;
         torch::mm(of(torch::kDouble), f32()); // FLAGGED(torchdtype-mixed-precision)
       }},
      {"autocast_cpu_mv_f32_bf16_throws",
       THROWS("^expected scalar type Float but found BFloat16$"),
       [] {
         CpuAutocast ac;
         torch::mv(f32(), torch::ones({2}, torch::kBFloat16)); // FLAGGED(torchdtype-mixed-precision)
       }},
      {"autocast_cpu_dot_f32_bf16_throws",
       THROWS("^dot : expected both vectors to have same dtype, but found Float and BFloat16$"),
       [] {
         CpuAutocast ac;
         torch::dot(torch::ones({2}), torch::ones({2}, torch::kBFloat16));
       }},
      {"autocast_cpu_mm_out_f32_bf16_throws",
       THROWS("^expected scalar type Float but found BFloat16$"),
       [] {
         CpuAutocast ac;
         auto out = torch::empty({2, 2});
         torch::mm_out(out, f32(), of(torch::kBFloat16)); // FLAGGED(torchdtype-mixed-precision)
       }},
      {"autocast_cpu_set_dtype_half_throws",
       THROWS("Currently, AutocastCPU only support Bfloat16 as the autocast_cpu_dtype"),
       [] {
         at::autocast::set_autocast_cpu_dtype(at::kHalf); // FLAGGED(torchdtype-half-on-cpu)
         CpuAutocast ac;
         torch::mm(f32(), f32());
       }},
      {"autocast_cuda_switch_does_not_fix_cpu_mm_f32_f16",
       THROWS("^expected scalar type Float but found Half$"),
       [] {
         at::autocast::set_enabled(true);
         torch::mm(f32(), of(torch::kHalf)); // FLAGGED(torchdtype-mixed-precision)
       }},
      {"autocast_cpu_off_again_mm_f32_bf16_throws",
       THROWS("^expected scalar type Float but found BFloat16$"),
       [] {
         { CpuAutocast ac; }
         torch::mm(f32(), of(torch::kBFloat16)); // FLAGGED(torchdtype-mixed-precision)
       }},
      {"autocast_cpu_nn_linear_f32_with_bf16_input_runs", RUNS,
       [] {
         CpuAutocast ac;
         torch::nn::Linear fc(4, 2);
         EXPECT_DTYPE(fc->forward(of(torch::kBFloat16, 3, 4)), torch::kBFloat16);
       }},

      // ---- devices (this build is CPU only) ----
      {"zero_dim_cpu_plus_cpu_runs", RUNS,
       [] { EXPECT_DTYPE(torch::tensor(1.5f) + f32(), torch::kFloat); }},
      {"to_cuda_without_cuda_throws",
       THROWS("^PyTorch is not linked with support for cuda devices$"),
       [] { (void)f32().to(torch::kCUDA); }},
      {"tensor_on_mps_without_mps_throws",
       THROWS("^Could not run 'aten::empty.memory_format' with arguments from the 'MPS' backend"),
       [] { torch::ones({2}, torch::TensorOptions().device(torch::Device("mps"))); }},

      {"f64_to_mps_without_mps_throws",
       THROWS("^PyTorch is not linked with support for mps devices$"),
       [] { (void)torch::ones({2}, torch::kDouble).to(torch::Device("mps")); }}, // FLAGGED(torchdtype-mps-float64)
      {"cpu_tensor_device_is_cpu", RUNS,
       [] { EXPECT_TRUE(f32().device() == torch::Device(torch::kCPU)); }},

      // ---- raw buffers ----
      {"from_blob_double_buffer_as_float_runs_with_garbage", RUNS,
       [] {
         static double buf[4] = {1.0, 2.0, 3.0, 4.0};
         auto t = torch::from_blob(buf, {4}, torch::kFloat); // FLAGGED(torchdtype-from-blob-dtype, silent)
         EXPECT_DTYPE(t, torch::kFloat);
         // The low half of 1.0 (0x3FF0000000000000) read as a float is 0.0,
         // the high half is 1.875: the values are not {1, 2, 3, 4}.
         EXPECT_TRUE(t[0].item<float>() == 0.0f);
         EXPECT_TRUE(t[1].item<float>() == 1.875f);
       }},

      // ---- factory dtypes ----
      {"tensor_int_list_is_Long", RUNS,
       [] { EXPECT_DTYPE(torch::tensor({1, 2, 3}), torch::kLong); }},
      {"tensor_double_list_is_Float", RUNS,
       [] { EXPECT_DTYPE(torch::tensor({1.0, 2.0}), torch::kFloat); }},
      {"tensor_float_list_is_Float", RUNS,
       [] { EXPECT_DTYPE(torch::tensor({1.0f, 2.0f}), torch::kFloat); }},
      {"full_int_fill_is_Long", RUNS,
       [] { EXPECT_DTYPE(torch::full({2}, 1), torch::kLong); }},
      {"full_double_fill_is_Float", RUNS,
       [] { EXPECT_DTYPE(torch::full({2}, 1.0), torch::kFloat); }},
      {"full_bool_fill_is_Bool", RUNS,
       [] { EXPECT_DTYPE(torch::full({2}, true), torch::kBool); }},
      {"arange_int_is_Long", RUNS, [] { EXPECT_DTYPE(torch::arange(5), torch::kLong); }},
      {"arange_double_is_Float", RUNS, [] { EXPECT_DTYPE(torch::arange(0.0, 1.0, 0.5), torch::kFloat); }},
      {"ones_is_Float", RUNS, [] { EXPECT_DTYPE(torch::ones({2}), torch::kFloat); }},
      {"randint_is_Long", RUNS, [] { EXPECT_DTYPE(torch::randint(5, {2}), torch::kLong); }},
      {"zeros_like_keeps_Half", RUNS,
       [] { EXPECT_DTYPE(torch::zeros_like(of(torch::kHalf)), torch::kHalf); }},
      {"set_default_dtype_double_makes_randn_Double", RUNS,
       [] {
         torch::set_default_dtype(caffe2::TypeMeta::Make<double>());
         EXPECT_DTYPE(torch::randn({2}), torch::kDouble);
         EXPECT_DTYPE(torch::tensor({1.0, 2.0}), torch::kDouble);
         EXPECT_DTYPE(torch::nn::Linear(2, 2)->weight, torch::kDouble);
       }},
      {"default_dtype_restored_after_case", RUNS,
       [] { EXPECT_DTYPE(torch::randn({2}), torch::kFloat); }},

      // ---- CPU float16 kernels (1.13.1): all operands Half, on CPU ----
      // Source of checker/data/cpu_half.json ("1.13"). The message names the
      // kernel, not the op: mm/matmul/linear say addmm_impl_cpu_, conv1d/conv2d
      // say slow_conv2d_cpu.
      {"half_cpu_mm_throws", THROWS("^\"addmm_impl_cpu_\" not implemented for 'Half'$"),
       [] { torch::mm(torch::ones({2, 2}, torch::kHalf), torch::ones({2, 2}, torch::kHalf)); }}, // FLAGGED(torchdtype-half-on-cpu)
      {"half_cpu_bmm_throws", THROWS("^\"bmm\" not implemented for 'Half'$"),
       [] { torch::bmm(torch::ones({2, 2, 2}, torch::kHalf), torch::ones({2, 2, 2}, torch::kHalf)); }}, // FLAGGED(torchdtype-half-on-cpu)
      {"half_cpu_matmul_2d_throws", THROWS("^\"addmm_impl_cpu_\" not implemented for 'Half'$"),
       [] { torch::matmul(torch::ones({2, 2}, torch::kHalf), torch::ones({2, 2}, torch::kHalf)); }}, // FLAGGED(torchdtype-half-on-cpu)
      {"half_cpu_matmul_1d_throws", THROWS("^\"dot\" not implemented for 'Half'$"),
       [] { torch::matmul(torch::ones({3}, torch::kHalf), torch::ones({3}, torch::kHalf)); }}, // FLAGGED(torchdtype-half-on-cpu)
      // 3-D x 2-D matmul folds into one mm
      {"half_cpu_matmul_3d_throws", THROWS("^\"addmm_impl_cpu_\" not implemented for 'Half'$"),
       [] { torch::matmul(torch::ones({2, 2, 2}, torch::kHalf), torch::ones({2, 2}, torch::kHalf)); }}, // FLAGGED(torchdtype-half-on-cpu)
      {"half_cpu_mv_throws", THROWS("^\"addmv_impl_cpu\" not implemented for 'Half'$"),
       [] { torch::mv(torch::ones({2, 2}, torch::kHalf), torch::ones({2}, torch::kHalf)); }}, // FLAGGED(torchdtype-half-on-cpu)
      {"half_cpu_dot_throws", THROWS("^\"dot\" not implemented for 'Half'$"),
       [] { torch::dot(torch::ones({3}, torch::kHalf), torch::ones({3}, torch::kHalf)); }}, // FLAGGED(torchdtype-half-on-cpu)
      {"half_cpu_addmm_throws", THROWS("^\"addmm_impl_cpu_\" not implemented for 'Half'$"),
       [] {
         torch::addmm(torch::ones({2, 2}, torch::kHalf), torch::ones({2, 2}, torch::kHalf), // FLAGGED(torchdtype-half-on-cpu)
                      torch::ones({2, 2}, torch::kHalf));
       }},
      {"half_cpu_addmv_throws", THROWS("^\"addmv_impl_cpu\" not implemented for 'Half'$"),
       [] {
         torch::addmv(torch::ones({2}, torch::kHalf), torch::ones({2, 2}, torch::kHalf), // FLAGGED(torchdtype-half-on-cpu)
                      torch::ones({2}, torch::kHalf));
       }},
      {"half_cpu_baddbmm_throws", THROWS("^\"baddbmm\" not implemented for 'Half'$"),
       [] {
         torch::baddbmm(torch::ones({2, 2, 2}, torch::kHalf), torch::ones({2, 2, 2}, torch::kHalf), // FLAGGED(torchdtype-half-on-cpu)
                        torch::ones({2, 2, 2}, torch::kHalf));
       }},
      {"half_cpu_linear_throws", THROWS("^\"addmm_impl_cpu_\" not implemented for 'Half'$"),
       [] {
         torch::linear(torch::ones({3, 4}, torch::kHalf), torch::ones({5, 4}, torch::kHalf), // FLAGGED(torchdtype-half-on-cpu)
                       torch::ones({5}, torch::kHalf));
       }},
      {"half_cpu_linear_no_bias_throws", THROWS("^\"addmm_impl_cpu_\" not implemented for 'Half'$"),
       [] { torch::linear(torch::ones({3, 4}, torch::kHalf), torch::ones({5, 4}, torch::kHalf)); }}, // FLAGGED(torchdtype-half-on-cpu)
      {"half_cpu_conv1d_throws", THROWS("^\"slow_conv2d_cpu\" not implemented for 'Half'$"),
       [] { torch::conv1d(torch::ones({1, 1, 5}, torch::kHalf), torch::ones({1, 1, 3}, torch::kHalf)); }}, // FLAGGED(torchdtype-half-on-cpu)
      {"half_cpu_conv2d_throws", THROWS("^\"slow_conv2d_cpu\" not implemented for 'Half'$"),
       [] { torch::conv2d(torch::ones({1, 1, 4, 4}, torch::kHalf), torch::ones({1, 1, 3, 3}, torch::kHalf)); }}, // FLAGGED(torchdtype-half-on-cpu)
      {"half_cpu_conv2d_bias_throws", THROWS("^\"slow_conv2d_cpu\" not implemented for 'Half'$"),
       [] {
         torch::conv2d(torch::ones({1, 1, 4, 4}, torch::kHalf), torch::ones({1, 1, 3, 3}, torch::kHalf), // FLAGGED(torchdtype-half-on-cpu)
                       torch::ones({1}, torch::kHalf));
       }},
      {"half_cpu_conv_transpose2d_throws",
       THROWS("^\"slow_conv_transpose2d_out_cpu\" not implemented for 'Half'$"),
       [] {
         torch::conv_transpose2d(torch::ones({1, 1, 4, 4}, torch::kHalf), // FLAGGED(torchdtype-half-on-cpu)
                                 torch::ones({1, 1, 3, 3}, torch::kHalf));
       }},
      {"half_cpu_layer_norm_throws", THROWS("^\"LayerNormKernelImpl\" not implemented for 'Half'$"),
       [] {
         torch::layer_norm(torch::ones({2, 4}, torch::kHalf), {4}, torch::ones({4}, torch::kHalf), // FLAGGED(torchdtype-half-on-cpu)
                           torch::zeros({4}, torch::kHalf));
       }},
      {"half_cpu_group_norm_throws", THROWS("^\"GroupNormKernelImpl\" not implemented for 'Half'$"),
       [] { torch::group_norm(torch::ones({2, 4, 3}, torch::kHalf), 2); }}, // FLAGGED(torchdtype-half-on-cpu)
      {"half_cpu_layer_norm_f32_affine_throws", THROWS("^\"LayerNormKernelImpl\" not implemented for 'Half'$"),
       [] {
         auto gamma = torch::ones({4}, torch::kFloat);
         torch::layer_norm(torch::ones({2, 4}, torch::kHalf), {4}, gamma, gamma); // FLAGGED(torchdtype-half-on-cpu)
       }},
      {"half_cpu_group_norm_f32_affine_throws", THROWS("^\"GroupNormKernelImpl\" not implemented for 'Half'$"),
       [] {
         auto gamma = torch::ones({4}, torch::kFloat);
         torch::group_norm(torch::ones({2, 4, 3}, torch::kHalf), 2, gamma, gamma); // FLAGGED(torchdtype-half-on-cpu)
       }},
      // Composites whose CPU kernels are their inner ops' (cpu_half.json
      // inner_kernels): normalize fails in clamp_min, the recurrent layers
      // in linear's addmm.
      {"half_cpu_normalize_throws", THROWS("^\"clamp_min_cpu\" not implemented for 'Half'$"),
       [] {
         namespace F = torch::nn::functional;
         F::normalize(torch::ones({2, 4}, torch::kHalf), F::NormalizeFuncOptions().dim(1)); // FLAGGED(torchdtype-half-on-cpu)
       }},
      {"bf16_cpu_normalize_runs", RUNS,
       [] {
         namespace F = torch::nn::functional;
         EXPECT_DTYPE(F::normalize(torch::ones({2, 4}, torch::kBFloat16)), torch::kBFloat16);
       }},
      {"half_cpu_lstm_throws", THROWS("^\"addmm_impl_cpu_\" not implemented for 'Half'$"),
       [] {
         torch::nn::LSTM lstm(4, 4);
         lstm->to(torch::kHalf);
         lstm->forward(torch::ones({2, 3, 4}, torch::kHalf)); // FLAGGED(torchdtype-half-on-cpu)
       }},
      // An optimizer's step() runs its update ops on the parameters that
      // have gradients (api.json optimizer_steps).
      {"half_cpu_adam_step_throws", THROWS("^\"addcmul_cpu_out\" not implemented for 'Half'$"),
       [] {
         torch::nn::Embedding table(10, 4);
         table->to(torch::kHalf);
         torch::optim::Adam opt(table->parameters(), torch::optim::AdamOptions(0.1));
         table->forward(torch::arange(3)).to(torch::kFloat).sum().backward();
         opt.step(); // FLAGGED(torchdtype-half-on-cpu)
       }},
      {"half_cpu_adamw_step_throws", THROWS("^\"addcmul_cpu_out\" not implemented for 'Half'$"),
       [] {
         auto w = torch::ones({4}, torch::kHalf).requires_grad_();
         torch::optim::AdamW opt(std::vector<torch::Tensor>{w}, torch::optim::AdamWOptions(0.1));
         w.to(torch::kFloat).sum().backward();
         opt.step(); // FLAGGED(torchdtype-half-on-cpu)
       }},
      {"half_cpu_adagrad_step_throws", THROWS("^\"addcmul_cpu_out\" not implemented for 'Half'$"),
       [] {
         auto w = torch::ones({4}, torch::kHalf).requires_grad_();
         auto opt = std::make_unique<torch::optim::Adagrad>(std::vector<torch::Tensor>{w},
                                                            torch::optim::AdagradOptions(0.1));
         w.to(torch::kFloat).sum().backward();
         opt->step(); // FLAGGED(torchdtype-half-on-cpu)
       }},
      {"half_cpu_rmsprop_step_throws", THROWS("^\"addcmul_cpu_out\" not implemented for 'Half'$"),
       [] {
         std::vector<torch::Tensor> params{torch::ones({4}, torch::kHalf).requires_grad_()};
         torch::optim::RMSprop opt(params, torch::optim::RMSpropOptions(0.1));
         params[0].to(torch::kFloat).sum().backward();
         opt.step(); // FLAGGED(torchdtype-half-on-cpu)
       }},
      {"half_cpu_sgd_step_runs", RUNS,
       [] {
         auto w = torch::ones({4}, torch::kHalf).requires_grad_();
         torch::optim::SGD opt(std::vector<torch::Tensor>{w},
                               torch::optim::SGDOptions(0.1).momentum(0.9).weight_decay(0.01));
         w.to(torch::kFloat).sum().backward();
         opt.step();
         EXPECT_DTYPE(w, torch::kHalf);
       }},
      {"bf16_cpu_adam_step_runs", RUNS,
       [] {
         torch::nn::Embedding table(10, 4);
         table->to(torch::kBFloat16);
         torch::optim::Adam opt(table->parameters(), torch::optim::AdamOptions(0.1));
         table->forward(torch::arange(3)).to(torch::kFloat).sum().backward();
         opt.step();
         EXPECT_DTYPE(table->weight, torch::kBFloat16);
       }},
      {"half_cpu_adam_step_without_gradients_runs", RUNS,
       [] {
         // No backward: no parameter has a gradient, step() skips them all.
         torch::nn::Embedding table(10, 4);
         table->to(torch::kHalf);
         torch::optim::Adam opt(table->parameters(), torch::optim::AdamOptions(0.1));
         opt.step();
         EXPECT_DTYPE(table->weight, torch::kHalf);
       }},
      {"half_cpu_gru_throws", THROWS("^\"addmm_impl_cpu_\" not implemented for 'Half'$"),
       [] {
         torch::nn::GRU gru(4, 4);
         gru->to(torch::kHalf);
         gru->forward(torch::ones({2, 3, 4}, torch::kHalf)); // FLAGGED(torchdtype-half-on-cpu)
       }},
      {"half_cpu_rnn_throws", THROWS("^\"addmm_impl_cpu_\" not implemented for 'Half'$"),
       [] {
         torch::nn::RNN rnn(4, 4);
         rnn->to(torch::kHalf);
         rnn->forward(torch::ones({2, 3, 4}, torch::kHalf)); // FLAGGED(torchdtype-half-on-cpu)
       }},
      {"half_cpu_lstm_cell_throws", THROWS("^\"addmm_impl_cpu_\" not implemented for 'Half'$"),
       [] {
         torch::nn::LSTMCell cell(4, 4);
         cell->to(torch::kHalf);
         cell->forward(torch::ones({2, 4}, torch::kHalf)); // FLAGGED(torchdtype-half-on-cpu)
       }},
      {"half_cpu_gru_cell_throws", THROWS("^\"addmm_impl_cpu_\" not implemented for 'Half'$"),
       [] {
         torch::nn::GRUCell cell(4, 4);
         cell->to(torch::kHalf);
         cell->forward(torch::ones({2, 4}, torch::kHalf)); // FLAGGED(torchdtype-half-on-cpu)
       }},
      {"half_cpu_rnn_cell_throws", THROWS("^\"addmm_impl_cpu_\" not implemented for 'Half'$"),
       [] {
         torch::nn::RNNCell cell(4, 4);
         cell->to(torch::kHalf);
         cell->forward(torch::ones({2, 4}, torch::kHalf)); // FLAGGED(torchdtype-half-on-cpu)
       }},
      {"half_cpu_batch_norm_throws", THROWS("^\"batch_norm\" not implemented for 'Half'$"),
       [] {
         auto h = torch::ones({3}, torch::kHalf);
         torch::batch_norm(torch::ones({2, 3, 4}, torch::kHalf), h, h, h.clone(), h.clone(), // FLAGGED(torchdtype-half-on-cpu)
                           /*training=*/true, 0.1, 1e-5, false);
       }},
      {"half_cpu_batch_norm_eval_throws", THROWS("^\"batch_norm\" not implemented for 'Half'$"),
       [] {
         auto h = torch::ones({3}, torch::kHalf);
         torch::batch_norm(torch::ones({2, 3, 4}, torch::kHalf), h, h, h, h, // FLAGGED(torchdtype-half-on-cpu)
                           /*training=*/false, 0.1, 1e-5, false);
       }},
      {"half_cpu_softmax_throws",
       THROWS("^\"softmax_lastdim_kernel_impl\" not implemented for 'Half'$"),
       [] { torch::softmax(torch::ones({2, 3}, torch::kHalf), 1); }}, // FLAGGED(torchdtype-half-on-cpu)
      {"half_cpu_softmax_dim0_throws", THROWS("^\"softmax_kernel_impl\" not implemented for 'Half'$"),
       [] { torch::softmax(torch::ones({2, 3}, torch::kHalf), 0); }}, // FLAGGED(torchdtype-half-on-cpu)
      {"half_cpu_log_softmax_throws",
       THROWS("^\"log_softmax_lastdim_kernel_impl\" not implemented for 'Half'$"),
       [] { torch::log_softmax(torch::ones({2, 3}, torch::kHalf), 1); }}, // FLAGGED(torchdtype-half-on-cpu)
      {"half_cpu_nn_linear_throws", THROWS("^\"addmm_impl_cpu_\" not implemented for 'Half'$"),
       [] {
         torch::nn::Linear fc(4, 2);
         fc->to(torch::kHalf);
         fc->forward(torch::ones({3, 4}, torch::kHalf)); // FLAGGED(torchdtype-half-on-cpu)
       }},
      {"half_cpu_nn_conv2d_throws", THROWS("^\"slow_conv2d_cpu\" not implemented for 'Half'$"),
       [] {
         torch::nn::Conv2d conv(torch::nn::Conv2dOptions(1, 1, 3));
         conv->to(torch::kHalf);
         conv->forward(torch::ones({1, 1, 4, 4}, torch::kHalf)); // FLAGGED(torchdtype-half-on-cpu)
       }},
      {"half_cpu_nn_layer_norm_throws", THROWS("^\"LayerNormKernelImpl\" not implemented for 'Half'$"),
       [] {
         torch::nn::LayerNorm ln(torch::nn::LayerNormOptions({4}));
         ln->to(torch::kHalf);
         ln->forward(torch::ones({2, 4}, torch::kHalf)); // FLAGGED(torchdtype-half-on-cpu)
       }},
      // elementwise ops missing too in 1.13 (relu is clamp_min)
      {"half_cpu_relu_throws", THROWS("^\"clamp_min_cpu\" not implemented for 'Half'$"),
       [] { torch::relu(torch::ones({2, 2}, torch::kHalf)); }}, // FLAGGED(torchdtype-half-on-cpu)
      {"half_cpu_exp_throws", THROWS("^\"exp_vml_cpu\" not implemented for 'Half'$"),
       [] { torch::exp(torch::ones({2, 2}, torch::kHalf)); }}, // FLAGGED(torchdtype-half-on-cpu)
      {"half_cpu_sigmoid_throws", THROWS("^\"sigmoid_cpu\" not implemented for 'Half'$"),
       [] { torch::sigmoid(torch::ones({2, 2}, torch::kHalf)); }}, // FLAGGED(torchdtype-half-on-cpu)
      {"half_cpu_tanh_throws", THROWS("^\"tanh_vml_cpu\" not implemented for 'Half'$"),
       [] { torch::tanh(torch::ones({2, 2}, torch::kHalf)); }}, // FLAGGED(torchdtype-half-on-cpu)
      {"half_cpu_gelu_throws", THROWS("^\"GeluKernelImpl\" not implemented for 'Half'$"),
       [] { torch::gelu(torch::ones({2, 2}, torch::kHalf)); }}, // FLAGGED(torchdtype-half-on-cpu)
      {"half_cpu_silu_throws", THROWS("^\"silu_cpu\" not implemented for 'Half'$"),
       [] { torch::silu(torch::ones({2, 2}, torch::kHalf)); }}, // FLAGGED(torchdtype-half-on-cpu)
      {"half_cpu_log_throws", THROWS("^\"log_vml_cpu\" not implemented for 'Half'$"),
       [] { torch::log(torch::ones({2, 2}, torch::kHalf)); }}, // FLAGGED(torchdtype-half-on-cpu)
      {"half_cpu_sqrt_throws", THROWS("^\"sqrt_vml_cpu\" not implemented for 'Half'$"),
       [] { torch::sqrt(torch::ones({2, 2}, torch::kHalf)); }}, // FLAGGED(torchdtype-half-on-cpu)
      {"half_cpu_rsqrt_throws", THROWS("^\"rsqrt_cpu\" not implemented for 'Half'$"),
       [] { torch::rsqrt(torch::ones({2, 2}, torch::kHalf)); }}, // FLAGGED(torchdtype-half-on-cpu)
      {"half_cpu_erf_throws", THROWS("^\"erf_vml_cpu\" not implemented for 'Half'$"),
       [] { torch::erf(torch::ones({2, 2}, torch::kHalf)); }}, // FLAGGED(torchdtype-half-on-cpu)
      {"half_cpu_leaky_relu_throws", THROWS("^\"leaky_relu_cpu\" not implemented for 'Half'$"),
       [] { torch::leaky_relu(torch::ones({2, 2}, torch::kHalf)); }}, // FLAGGED(torchdtype-half-on-cpu)
      {"half_cpu_clamp_throws", THROWS("^\"clamp_scalar_cpu\" not implemented for 'Half'$"),
       [] { torch::clamp(torch::ones({2, 2}, torch::kHalf), 0, 1); }}, // FLAGGED(torchdtype-half-on-cpu)
      {"half_cpu_max_pool2d_throws", THROWS("^\"max_pool2d\" not implemented for 'Half'$"),
       [] { torch::max_pool2d(torch::ones({1, 1, 4, 4}, torch::kHalf), 2); }}, // FLAGGED(torchdtype-half-on-cpu)
      {"half_cpu_avg_pool2d_throws", THROWS("^\"avg_pool2d\" not implemented for 'Half'$"),
       [] { torch::avg_pool2d(torch::ones({1, 1, 4, 4}, torch::kHalf), 2); }}, // FLAGGED(torchdtype-half-on-cpu)
      {"half_cpu_dropout_train_throws", THROWS("^\"bernoulli_scalar_cpu_\" not implemented for 'Half'$"),
       [] { torch::dropout(torch::ones({2, 2}, torch::kHalf), 0.5, /*train=*/true); }},
      {"half_cpu_cumsum_throws", THROWS("^\"cumsum_out_cpu\" not implemented for 'Half'$"),
       [] { torch::cumsum(torch::ones({2, 2}, torch::kHalf), 0); }}, // FLAGGED(torchdtype-half-on-cpu)
      {"half_cpu_topk_throws", THROWS("^\"topk_cpu\" not implemented for 'Half'$"),
       [] { torch::topk(torch::ones({4}, torch::kHalf), 2); }}, // FLAGGED(torchdtype-half-on-cpu)
      {"half_cpu_nll_loss_throws", THROWS("^\"nll_loss_out_frame\" not implemented for 'Half'$"),
       [] { torch::nll_loss(torch::ones({3, 4}, torch::kHalf), torch::zeros({3}, torch::kLong)); }}, // FLAGGED(torchdtype-half-on-cpu)
      // cross_entropy is log_softmax + nll_loss: the first missing kernel names it
      {"half_cpu_cross_entropy_throws",
       THROWS("^\"log_softmax_lastdim_kernel_impl\" not implemented for 'Half'$"),
       [] {
         torch::nn::functional::cross_entropy(torch::ones({3, 4}, torch::kHalf), // FLAGGED(torchdtype-half-on-cpu)
                                              torch::zeros({3}, torch::kLong));
       }},
      // and the ones that exist
      {"half_cpu_add_runs", RUNS,
       [] { EXPECT_DTYPE(torch::add(torch::ones({2, 2}, torch::kHalf), torch::ones({2, 2}, torch::kHalf)), torch::kHalf); }},
      {"half_cpu_mul_runs", RUNS,
       [] { EXPECT_DTYPE(torch::mul(torch::ones({2, 2}, torch::kHalf), torch::ones({2, 2}, torch::kHalf)), torch::kHalf); }},
      {"half_cpu_sub_runs", RUNS,
       [] { EXPECT_DTYPE(torch::sub(torch::ones({2, 2}, torch::kHalf), torch::ones({2, 2}, torch::kHalf)), torch::kHalf); }},
      {"half_cpu_div_runs", RUNS,
       [] { EXPECT_DTYPE(torch::div(torch::ones({2, 2}, torch::kHalf), torch::ones({2, 2}, torch::kHalf)), torch::kHalf); }},
      {"half_cpu_pow_runs", RUNS,
       [] { EXPECT_DTYPE(torch::pow(torch::ones({2, 2}, torch::kHalf), 2), torch::kHalf); }},
      {"pow_with_a_number_promotes", RUNS,
       [] {
         // A number first takes the tensor's dtype (floating) or the
         // default one (integral); an integral tensor to a float power too.
         EXPECT_DTYPE(torch::pow(10000.0, torch::ones({2}, torch::kDouble)), torch::kDouble);
         EXPECT_DTYPE(torch::pow(2.0, torch::ones({2}, torch::kLong)), torch::kFloat);
         EXPECT_DTYPE(torch::pow(torch::ones({2}, torch::kLong), 2.5), torch::kFloat);
         EXPECT_DTYPE(torch::pow(torch::ones({2}, torch::kLong), 2), torch::kLong);
         EXPECT_DTYPE(torch::pow(torch::ones({2}, torch::kBFloat16), 2.5), torch::kBFloat16);
       }},
      {"half_cpu_sum_runs", RUNS,
       [] { EXPECT_DTYPE(torch::sum(torch::ones({2, 2}, torch::kHalf)), torch::kHalf); }},
      {"half_cpu_mean_runs", RUNS,
       [] { EXPECT_DTYPE(torch::mean(torch::ones({2, 2}, torch::kHalf)), torch::kHalf); }},
      {"half_cpu_max_runs", RUNS,
       [] { EXPECT_DTYPE(torch::max(torch::ones({2, 2}, torch::kHalf)), torch::kHalf); }},
      {"half_cpu_cat_runs", RUNS,
       [] {
         EXPECT_DTYPE(torch::cat({torch::ones({2, 2}, torch::kHalf), torch::ones({2, 2}, torch::kHalf)}),
                      torch::kHalf);
       }},
      {"half_cpu_index_select_runs", RUNS,
       [] {
         EXPECT_DTYPE(torch::index_select(torch::ones({2, 2}, torch::kHalf), 0, torch::zeros({1}, torch::kLong)),
                      torch::kHalf);
       }},
      {"half_cpu_embedding_runs", RUNS,
       [] {
         EXPECT_DTYPE(torch::embedding(torch::ones({10, 3}, torch::kHalf), torch::zeros({2}, torch::kLong)),
                      torch::kHalf);
       }},
      {"half_cpu_randn_runs", RUNS, [] { EXPECT_DTYPE(torch::randn({2}, torch::kHalf), torch::kHalf); }},
      {"half_cpu_to_float_runs", RUNS,
       [] { EXPECT_DTYPE(torch::ones({2, 2}, torch::kHalf).to(torch::kFloat), torch::kFloat); }},
      // the usual workaround: compute in float32, store in float16
      {"half_cpu_mm_via_float_runs", RUNS,
       [] {
         auto a = torch::ones({2, 2}, torch::kHalf);
         EXPECT_DTYPE(torch::mm(a.to(torch::kFloat), a.to(torch::kFloat)).to(torch::kHalf), torch::kHalf);
       }},

      // ---- bfloat16 on CPU (1.13) ----
      // Source of checker/data/cpu_half.json ("1.13".bfloat16): ops with no
      // CPU bfloat16 kernel, typically reached by the bfloat16 results of a
      // CPU autocast region; the linalg ops say "Low precision dtypes".
      {"bf16_cpu_mish_throws", THROWS("^\"mish_cpu\" not implemented for 'BFloat16'$"),
       [] { torch::mish(torch::ones({3}, torch::kBFloat16)); }}, // FLAGGED(torchdtype-half-on-cpu)
      {"bf16_cpu_pdist_throws", THROWS("^\"pdist\" not implemented for 'BFloat16'$"),
       [] { torch::pdist(torch::ones({3, 2}, torch::kBFloat16)); }}, // FLAGGED(torchdtype-half-on-cpu)
      {"bf16_cpu_cdist_throws", THROWS("^\"cdist\" not implemented for 'BFloat16'$"),
       [] { torch::cdist(torch::ones({3, 2}, torch::kBFloat16), torch::ones({4, 2}, torch::kBFloat16)); }}, // FLAGGED(torchdtype-half-on-cpu)
      {"bf16_cpu_linalg_slogdet_throws", THROWS("^linalg.slogdet: Low precision dtypes not supported. Got BFloat16$"),
       [] { torch::linalg_slogdet(torch::eye(3).to(torch::kBFloat16)); }}, // FLAGGED(torchdtype-half-on-cpu)
      {"bf16_cpu_slogdet_throws", THROWS("^linalg.slogdet: Low precision dtypes not supported. Got BFloat16$"),
       [] { torch::slogdet(torch::eye(3).to(torch::kBFloat16)); }}, // FLAGGED(torchdtype-half-on-cpu)
      {"bf16_cpu_logdet_throws", THROWS("^logdet: Low precision dtypes not supported. Got BFloat16$"),
       [] { torch::logdet(torch::eye(3).to(torch::kBFloat16)); }}, // FLAGGED(torchdtype-half-on-cpu)
      {"bf16_cpu_det_throws", THROWS("^\"lu_cpu\" not implemented for 'BFloat16'$"),
       [] { torch::det(torch::eye(3).to(torch::kBFloat16)); }}, // FLAGGED(torchdtype-half-on-cpu)
      {"bf16_cpu_inverse_throws", THROWS("^linalg.inv: Low precision dtypes not supported. Got BFloat16$"),
       [] { torch::inverse(torch::eye(3).to(torch::kBFloat16)); }}, // FLAGGED(torchdtype-half-on-cpu)
      {"bf16_cpu_linalg_inv_throws", THROWS("^linalg.inv: Low precision dtypes not supported. Got BFloat16$"),
       [] { torch::linalg_inv(torch::eye(3).to(torch::kBFloat16)); }}, // FLAGGED(torchdtype-half-on-cpu)
      {"bf16_cpu_linalg_solve_throws", THROWS("^\"lu_cpu\" not implemented for 'BFloat16'$"),
       [] { torch::linalg_solve(torch::eye(3).to(torch::kBFloat16), torch::eye(3).to(torch::kBFloat16)); }}, // FLAGGED(torchdtype-half-on-cpu)
      {"bf16_cpu_linalg_cholesky_throws", THROWS("^\"cholesky_cpu\" not implemented for 'BFloat16'$"),
       [] { torch::linalg_cholesky(torch::eye(3).to(torch::kBFloat16)); }}, // FLAGGED(torchdtype-half-on-cpu)
      {"bf16_cpu_linalg_svd_throws", THROWS("^\"linalg_svd_cpu\" not implemented for 'BFloat16'$"),
       [] { torch::linalg_svd(torch::eye(3).to(torch::kBFloat16)); }}, // FLAGGED(torchdtype-half-on-cpu)
      {"bf16_cpu_linalg_qr_throws", THROWS("^\"geqrf_cpu\" not implemented for 'BFloat16'$"),
       [] { torch::linalg_qr(torch::eye(3).to(torch::kBFloat16)); }}, // FLAGGED(torchdtype-half-on-cpu)
      {"bf16_cpu_linalg_eigh_throws", THROWS("^\"linalg_eigh_cpu\" not implemented for 'BFloat16'$"),
       [] { torch::linalg_eigh(torch::eye(3).to(torch::kBFloat16)); }}, // FLAGGED(torchdtype-half-on-cpu)
      {"bf16_cpu_trace_throws", THROWS("^\"trace\" not implemented for 'BFloat16'$"),
       [] { torch::trace(torch::eye(3).to(torch::kBFloat16)); }}, // FLAGGED(torchdtype-half-on-cpu)
      {"bf16_cpu_mse_loss_throws", THROWS("^\"mse_cpu\" not implemented for 'BFloat16'$"),
       [] { torch::mse_loss(torch::ones({3}, torch::kBFloat16), torch::zeros({3}, torch::kBFloat16)); }}, // FLAGGED(torchdtype-half-on-cpu)
      {"bf16_cpu_binary_cross_entropy_throws", THROWS("^\"binary_cross_entropy\" not implemented for 'BFloat16'$"),
       [] { torch::binary_cross_entropy(torch::full({3}, 0.5, torch::kBFloat16), torch::ones({3}, torch::kBFloat16)); }}, // FLAGGED(torchdtype-half-on-cpu)
      // what bfloat16 does have on CPU in 1.13 (the CPU autocast lower-precision
      // ops and the usual layers after them)
      {"bf16_cpu_mm_runs", RUNS, [] { EXPECT_DTYPE(torch::mm(torch::eye(3).to(torch::kBFloat16), torch::eye(3).to(torch::kBFloat16)), torch::kBFloat16); }},
      {"bf16_cpu_linear_runs", RUNS, [] { EXPECT_DTYPE(torch::nn::functional::linear(torch::eye(3).to(torch::kBFloat16), torch::eye(3).to(torch::kBFloat16)), torch::kBFloat16); }},
      {"bf16_cpu_conv2d_runs", RUNS, [] { EXPECT_DTYPE(torch::conv2d(torch::ones({1, 1, 4, 4}, torch::kBFloat16), torch::ones({1, 1, 3, 3}, torch::kBFloat16)), torch::kBFloat16); }},
      {"bf16_cpu_layer_norm_runs", RUNS, [] { EXPECT_DTYPE(torch::layer_norm(torch::eye(3).to(torch::kBFloat16), {3}), torch::kBFloat16); }},
      {"bf16_cpu_batch_norm_runs", RUNS, [] { EXPECT_DTYPE(torch::batch_norm(torch::ones({2, 3}, torch::kBFloat16), {}, {}, torch::zeros({3}, torch::kBFloat16), torch::ones({3}, torch::kBFloat16), false, 0.1, 1e-5, false), torch::kBFloat16); }},
      {"bf16_cpu_softmax_runs", RUNS, [] { EXPECT_DTYPE(torch::softmax(torch::eye(3).to(torch::kBFloat16), 1), torch::kBFloat16); }},
      {"bf16_cpu_gelu_runs", RUNS, [] { EXPECT_DTYPE(torch::gelu(torch::eye(3).to(torch::kBFloat16)), torch::kBFloat16); }},
      {"bf16_cpu_silu_runs", RUNS, [] { EXPECT_DTYPE(torch::silu(torch::eye(3).to(torch::kBFloat16)), torch::kBFloat16); }},
      {"bf16_cpu_exp_runs", RUNS, [] { EXPECT_DTYPE(torch::exp(torch::eye(3).to(torch::kBFloat16)), torch::kBFloat16); }},
      {"bf16_cpu_smooth_l1_loss_runs", RUNS, [] { EXPECT_DTYPE(torch::smooth_l1_loss(torch::eye(3).to(torch::kBFloat16), torch::eye(3).to(torch::kBFloat16)), torch::kBFloat16); }},

      // ---- loss targets and dtypes ----
      // class-index targets must be Long (Int is refused too)
      {"nll_loss_float_target_throws", THROWS("^expected scalar type Long but found Float$"),
       [] { torch::nll_loss(torch::log_softmax(torch::ones({3, 4}), 1), torch::zeros({3})); }},
      {"nll_loss_int_target_throws", THROWS("^expected scalar type Long but found Int$"),
       [] { torch::nll_loss(torch::log_softmax(torch::ones({3, 4}), 1), torch::zeros({3}, torch::kInt)); }}, // FLAGGED(torchdtype-loss-target-dtype)
      {"F_nll_loss_float_target_throws", THROWS("^expected scalar type Long but found Float$"),
       [] {
         torch::nn::functional::nll_loss(torch::log_softmax(torch::ones({3, 4}), 1), torch::zeros({3}));
       }},
      // a float target of the input's shape is class probabilities: runs
      {"cross_entropy_prob_target_runs_Float", RUNS,
       [] {
         EXPECT_DTYPE(torch::nn::functional::cross_entropy(torch::ones({3, 4}),
                                                           torch::softmax(torch::ones({3, 4}), 1)),
                      torch::kFloat);
       }},
      {"cross_entropy_prob_target_f64_runs_Double", RUNS,
       [] {
         EXPECT_DTYPE(torch::nn::functional::cross_entropy(
                          torch::ones({3, 4}), torch::softmax(torch::ones({3, 4}, torch::kDouble), 1)),
                      torch::kDouble);
       }},
      // a float target of shape [N] is taken as class indices: refused
      {"cross_entropy_float_class_target_throws", THROWS("^expected scalar type Long but found Float$"),
       [] { torch::nn::functional::cross_entropy(torch::ones({3, 4}), torch::zeros({3})); }},
      {"cross_entropy_prob_target_wrong_shape_throws",
       THROWS("^0D or 1D target tensor expected, multi-target not supported$"),
       [] { torch::nn::functional::cross_entropy(torch::ones({3, 4}), torch::zeros({3, 5})); }},
      {"cross_entropy_int_target_throws", THROWS("^expected scalar type Long but found Int$"),
       [] { torch::nn::functional::cross_entropy(torch::ones({3, 4}), torch::zeros({3}, torch::kInt)); }}, // FLAGGED(torchdtype-loss-target-dtype)
      {"cross_entropy_long_target_runs_Float", RUNS,
       [] {
         EXPECT_DTYPE(torch::nn::functional::cross_entropy(torch::ones({3, 4}), torch::zeros({3}, torch::kLong)),
                      torch::kFloat);
       }},
      // f32 input, f64 target: forward promotes (huber_loss does not), backward
      // of mse/huber refuses, l1/smooth_l1 backward runs
      // no backward under a no-grad guard: the forward promotes and runs
      {"mse_loss_bf16_f32_under_no_grad_runs", RUNS,
       [] {
         torch::NoGradGuard no_grad;
         torch::mse_loss(of(torch::kBFloat16), f32());
       }},
      {"mse_loss_f32_f64_forward_runs_Double", RUNS,
       [] { EXPECT_DTYPE(torch::mse_loss(torch::ones({3}), torch::zeros({3}, torch::kDouble)), torch::kDouble); }},
      {"l1_loss_f32_f64_forward_runs_Double", RUNS,
       [] { EXPECT_DTYPE(torch::l1_loss(torch::ones({3}), torch::zeros({3}, torch::kDouble)), torch::kDouble); }},
      {"smooth_l1_loss_f32_f64_forward_runs_Double", RUNS,
       [] {
         EXPECT_DTYPE(torch::smooth_l1_loss(torch::ones({3}), torch::zeros({3}, torch::kDouble)), torch::kDouble);
       }},
      {"huber_loss_f32_f64_forward_runs_Float", RUNS,
       [] { EXPECT_DTYPE(torch::huber_loss(torch::ones({3}), torch::zeros({3}, torch::kDouble)), torch::kFloat); }},
      {"mse_loss_backward_f64_input_f32_target_throws", THROWS("^Found dtype Float but expected Double$"),
       [] {
         auto x = torch::ones({3}, torch::TensorOptions().dtype(torch::kDouble).requires_grad(true));
         torch::mse_loss(x, torch::zeros({3})).backward();
       }},
      {"l1_loss_backward_f32_input_f64_target_runs", RUNS,
       [] {
         auto x = torch::ones({3}, torch::requires_grad());
         torch::l1_loss(x, torch::zeros({3}, torch::kDouble)).backward();
         EXPECT_DTYPE(x.grad(), torch::kFloat);
       }},
      {"smooth_l1_loss_backward_f32_input_f64_target_runs", RUNS,
       [] {
         auto x = torch::ones({3}, torch::requires_grad());
         torch::smooth_l1_loss(x, torch::zeros({3}, torch::kDouble)).backward();
         EXPECT_DTYPE(x.grad(), torch::kFloat);
       }},
      {"huber_loss_backward_f32_input_f64_target_throws", THROWS("^Found dtype Double but expected Float$"),
       [] {
         auto x = torch::ones({3}, torch::requires_grad());
         torch::huber_loss(x, torch::zeros({3}, torch::kDouble)).backward();
       }},
      // binary_cross_entropy refuses already in the forward
      {"binary_cross_entropy_f32_f64_throws", THROWS("^Found dtype Double but expected Float$"),
       [] { torch::binary_cross_entropy(torch::sigmoid(torch::ones({3})), torch::zeros({3}, torch::kDouble)); }},
      {"binary_cross_entropy_f64_f32_throws", THROWS("^Found dtype Float but expected Double$"),
       [] {
         torch::binary_cross_entropy(torch::sigmoid(torch::ones({3}, torch::kDouble)), torch::zeros({3}));
       }},
      {"binary_cross_entropy_with_logits_f32_f64_runs_Double", RUNS,
       [] {
         EXPECT_DTYPE(torch::binary_cross_entropy_with_logits(torch::ones({3}), torch::zeros({3}, torch::kDouble)),
                      torch::kDouble);
       }},
      // module forms behave like the functions
      {"nn_mseloss_f32_f64_forward_runs_Double", RUNS,
       [] {
         torch::nn::MSELoss loss;
         EXPECT_DTYPE(loss(torch::ones({3}), torch::zeros({3}, torch::kDouble)), torch::kDouble);
       }},
      {"nn_mseloss_backward_f32_input_f64_target_throws", THROWS("^Found dtype Double but expected Float$"),
       [] {
         torch::nn::MSELoss loss;
         auto x = torch::ones({3}, torch::requires_grad());
         loss(x, torch::zeros({3}, torch::kDouble)).backward();
       }},
      {"nn_l1loss_backward_f32_input_f64_target_runs", RUNS,
       [] {
         torch::nn::L1Loss loss;
         auto x = torch::ones({3}, torch::requires_grad());
         loss(x, torch::zeros({3}, torch::kDouble)).backward();
         EXPECT_DTYPE(x.grad(), torch::kFloat);
       }},
      {"nn_bceloss_f32_f64_throws", THROWS("^Found dtype Double but expected Float$"),
       [] {
         torch::nn::BCELoss loss;
         loss(torch::sigmoid(torch::ones({3})), torch::zeros({3}, torch::kDouble));
       }},
      {"nn_nllloss_float_target_throws", THROWS("^expected scalar type Long but found Float$"),
       [] {
         torch::nn::NLLLoss loss;
         loss(torch::log_softmax(torch::ones({3, 4}), 1), torch::zeros({3}));
       }},
      {"nn_nllloss_int_target_throws", THROWS("^expected scalar type Long but found Int$"),
       [] {
         torch::nn::NLLLoss loss;
         loss(torch::log_softmax(torch::ones({3, 4}), 1), torch::zeros({3}, torch::kInt)); // FLAGGED(torchdtype-loss-target-dtype)
       }},
      {"nn_crossentropyloss_float_class_target_throws", THROWS("^expected scalar type Long but found Float$"),
       [] {
         torch::nn::CrossEntropyLoss loss;
         loss(torch::ones({3, 4}), torch::zeros({3}));
       }},
      {"nn_crossentropyloss_int_target_throws", THROWS("^expected scalar type Long but found Int$"),
       [] {
         torch::nn::CrossEntropyLoss loss;
         loss(torch::ones({3, 4}), torch::zeros({3}, torch::kInt)); // FLAGGED(torchdtype-loss-target-dtype)
       }},
      {"nn_crossentropyloss_prob_target_runs_Float", RUNS,
       [] {
         torch::nn::CrossEntropyLoss loss;
         EXPECT_DTYPE(loss(torch::ones({3, 4}), torch::softmax(torch::ones({3, 4}), 1)), torch::kFloat);
       }},

      // ---- module parameters vs input dtype ----
      {"nn_linear_f32_called_with_f16_throws", THROWS("^mat1 and mat2 must have the same dtype$"),
       [] {
         torch::nn::Linear fc(4, 2);
         fc->forward(torch::ones({3, 4}, torch::kHalf));
       }},
      {"nn_linear_f32_called_with_bf16_throws", THROWS("^mat1 and mat2 must have the same dtype$"),
       [] {
         torch::nn::Linear fc(4, 2);
         fc->forward(torch::ones({3, 4}, torch::kBFloat16));
       }},
      // without a bias it is matmul(f16, f32): mm's f16 kernel is looked up first
      {"nn_linear_no_bias_f32_called_with_f16_throws",
       THROWS("^\"addmm_impl_cpu_\" not implemented for 'Half'$"),
       [] {
         torch::nn::Linear fc(torch::nn::LinearOptions(4, 2).bias(false));
         fc->forward(torch::ones({3, 4}, torch::kHalf));
       }},
      {"nn_conv2d_f32_called_with_f16_throws",
       THROWS("^Input type \\(c10::Half\\) and bias type \\(float\\) should be the same$"),
       [] {
         torch::nn::Conv2d conv(torch::nn::Conv2dOptions(1, 1, 3));
         conv->forward(torch::ones({1, 1, 4, 4}, torch::kHalf));
       }},
      {"nn_lstm_f32_called_with_f64_throws", THROWS("^mat1 and mat2 must have the same dtype$"),
       [] {
         torch::nn::LSTM lstm(4, 3);
         lstm->forward(torch::ones({2, 1, 4}, torch::kDouble));
       }},
      {"nn_gru_f32_called_with_f64_throws", THROWS("^mat1 and mat2 must have the same dtype$"),
       [] {
         torch::nn::GRU gru(4, 3);
         gru->forward(torch::ones({2, 1, 4}, torch::kDouble));
       }},
      {"nn_lstm_to_f64_called_with_f64_runs_Double", RUNS,
       [] {
         torch::nn::LSTM lstm(4, 3);
         lstm->to(torch::kDouble);
         EXPECT_DTYPE(std::get<0>(lstm->forward(torch::ones({2, 1, 4}, torch::kDouble))), torch::kDouble);
       }},
      {"nn_gru_f32_called_with_f64_hx_throws", THROWS("^mat1 and mat2 must have the same dtype$"),
       [] {
         torch::nn::GRU gru(4, 3);
         gru->to(torch::kFloat);
         gru->forward(torch::ones({2, 1, 4}), torch::ones({1, 1, 3}, torch::kDouble)); // FLAGGED(torchdtype-module-input-dtype)
       }},
      {"nn_rnn_f32_called_with_f64_hx_throws", THROWS("^mat1 and mat2 must have the same dtype$"),
       [] {
         torch::nn::RNN rnn(4, 3);
         rnn->to(torch::kFloat);
         rnn->forward(torch::ones({2, 1, 4}), torch::ones({1, 1, 3}, torch::kDouble)); // FLAGGED(torchdtype-module-input-dtype)
       }},
      {"nn_grucell_f32_called_with_f64_hx_throws", THROWS("^mat1 and mat2 must have the same dtype$"),
       [] {
         torch::nn::GRUCell cell(4, 3);
         cell->to(torch::kFloat);
         cell->forward(torch::ones({2, 4}), torch::ones({2, 3}, torch::kDouble)); // FLAGGED(torchdtype-module-input-dtype)
       }},
      {"nn_gru_f32_called_with_f16_hx_throws", THROWS("^mat1 and mat2 must have the same dtype$"),
       [] {
         torch::nn::GRU gru(4, 3);
         gru->to(torch::kFloat);
         gru->forward(torch::ones({2, 1, 4}), torch::ones({1, 1, 3}, torch::kHalf)); // FLAGGED(torchdtype-module-input-dtype)
       }},
      {"nn_mha_f32_called_with_f64_throws", THROWS("^expected scalar type Double but found Float$"),
       [] {
         torch::nn::MultiheadAttention mha(torch::nn::MultiheadAttentionOptions(8, 2));
         mha->to(torch::kFloat);
         auto m = torch::ones({6, 2, 8}, torch::kDouble);
         mha->forward(m, m, m); // FLAGGED(torchdtype-module-input-dtype)
       }},
      {"nn_mha_f32_called_with_f64_value_runs", RUNS,
       [] {
         torch::nn::MultiheadAttention mha(torch::nn::MultiheadAttentionOptions(8, 2));
         mha->to(torch::kFloat);
         auto m = torch::ones({6, 2, 8}, torch::kFloat);
         mha->forward(m, m, m.to(torch::kDouble));
       }},
      {"nn_mha_f32_called_with_f16_throws", THROWS("^\"addmm_impl_cpu_\" not implemented for 'Half'$"),
       [] {
         torch::nn::MultiheadAttention mha(torch::nn::MultiheadAttentionOptions(8, 2));
         auto m = torch::ones({6, 2, 8}, torch::kHalf);
         mha->forward(m, m, m);
       }},
      {"nn_mha_f32_called_with_bf16_throws", THROWS("^expected scalar type BFloat16 but found Float$"),
       [] {
         torch::nn::MultiheadAttention mha(torch::nn::MultiheadAttentionOptions(8, 2));
         mha->to(torch::kFloat);
         auto m = torch::ones({6, 2, 8}, torch::kBFloat16);
         mha->forward(m, m, m); // FLAGGED(torchdtype-module-input-dtype)
       }},
      {"nn_mha_f64_called_with_f64_runs", RUNS,
       [] {
         torch::nn::MultiheadAttention mha(torch::nn::MultiheadAttentionOptions(8, 2));
         mha->to(torch::kDouble);
         auto m = torch::ones({6, 2, 8}, torch::kDouble);
         EXPECT_DTYPE(std::get<0>(mha->forward(m, m, m)), torch::kDouble);
       }},
      {"nn_gru_f64_called_with_f64_hx_runs", RUNS,
       [] {
         torch::nn::GRU gru(4, 3);
         gru->to(torch::kDouble);
         EXPECT_DTYPE(std::get<0>(gru->forward(torch::ones({2, 1, 4}, torch::kDouble),
                                               torch::ones({1, 1, 3}, torch::kDouble))),
                      torch::kDouble);
       }},
      {"nn_embedding_float_index_throws",
       THROWS("^Expected tensor for argument #1 'indices' to have one of the following scalar types: "
              "Long, Int; but got CPUFloatType instead \\(while checking arguments for embedding\\)$"),
       [] {
         torch::nn::Embedding emb(10, 3);
         emb->forward(torch::zeros({2}, torch::kFloat)); // FLAGGED(torchdtype-module-input-dtype)
       }},
      {"nn_embedding_bool_index_throws",
       THROWS("^Expected tensor for argument #1 'indices' to have one of the following scalar types: "
              "Long, Int; but got CPUBoolType instead \\(while checking arguments for embedding\\)$"),
       [] {
         torch::nn::Embedding emb(10, 3);
         emb->forward(torch::zeros({2}, torch::kBool)); // FLAGGED(torchdtype-module-input-dtype)
       }},
      {"nn_embedding_double_weight_f64_index_throws",
       THROWS("^Expected tensor for argument #1 'indices' to have one of the following scalar types: "
              "Long, Int; but got CPUDoubleType instead \\(while checking arguments for embedding\\)$"),
       [] {
         torch::nn::Embedding emb(10, 3);
         emb->to(torch::kDouble);
         emb->forward(torch::zeros({2}, torch::kDouble)); // FLAGGED(torchdtype-module-input-dtype)
       }},
      {"nn_embeddingbag_float_index_throws",
       THROWS("^Expected tensor for argument #1 'indices' to have one of the following scalar types: "
              "Long, Int; but got CPUFloatType instead \\(while checking arguments for embedding_bag\\)$"),
       [] {
         torch::nn::EmbeddingBag bag(10, 3);
         bag->forward(torch::zeros({1, 2}, torch::kFloat)); // FLAGGED(torchdtype-module-input-dtype)
       }},
      {"nn_embedding_int_index_runs_Float", RUNS,
       [] {
         torch::nn::Embedding emb(10, 3);
         EXPECT_DTYPE(emb->forward(torch::zeros({2}, torch::kInt)), torch::kFloat);
       }},
      {"nn_embedding_f64_weight_rows_are_f64_into_f32_linear_throws",
       THROWS("^mat1 and mat2 must have the same dtype$"),
       [] {
         torch::nn::Embedding emb(10, 3);
         torch::nn::Linear head(3, 2);
         head->to(torch::kFloat);
         emb->to(torch::kDouble);
         auto rows = emb->forward(torch::zeros({2}, torch::kInt)); // float64 rows
         head->forward(rows); // FLAGGED(torchdtype-module-input-dtype)
       }},
      {"nn_embeddingbag_half_weight_into_half_linear_throws",
       THROWS("^\"addmm_impl_cpu_\" not implemented for 'Half'$"),
       [] {
         torch::nn::EmbeddingBag bag(10, 3);
         torch::nn::Linear head(3, 2);
         bag->to(torch::kHalf);
         head->to(torch::kHalf);
         auto pooled = bag->forward(torch::zeros({1, 4}, torch::kLong));
         head->forward(pooled); // FLAGGED(torchdtype-half-on-cpu)
       }},
      {"histc_out_long_counts_f32_samples_throws",
       THROWS("^torch.histogram: input tensor and hist tensor should have the same dtype, but got "
              "input float and hist long int$"),
       [] {
         auto counts = torch::zeros({8}, torch::kLong);
         torch::histc_out(counts, torch::rand({32}, torch::kFloat), 8, 0.0, 1.0); // FLAGGED(torchdtype-unsupported-dtype)
       }},
      {"meshgrid_ij_of_long_ranges_into_f32_mm_throws",
       THROWS("^expected scalar type Long but found Float$"),
       [] {
         auto grid = torch::meshgrid({torch::arange(3, torch::kLong), torch::arange(2, torch::kLong)}, "ij");
         torch::mm(grid[0], torch::ones({2, 2}, torch::kFloat)); // FLAGGED(torchdtype-mixed-precision)
       }},
      {"layer_norm_result_f32_mm_f64_throws", THROWS("^expected scalar type Float but found Double$"),
       [] {
         auto y = torch::layer_norm(torch::randn({2, 4}, torch::kFloat), {4});
         torch::mm(y, torch::ones({4, 4}, torch::kDouble)); // FLAGGED(torchdtype-mixed-precision)
       }},
      {"baddbmm_f64_self_f32_batches_runs", RUNS,
       [] {
         auto bias = torch::zeros({1, 2, 2}, torch::kDouble);
         auto b = torch::ones({1, 2, 2}, torch::kFloat);
         EXPECT_DTYPE(torch::baddbmm(bias, b, b), torch::kFloat);
       }},
      {"addmv_f64_self_f32_operands_runs", RUNS,
       [] {
         auto bias = torch::zeros({2}, torch::kDouble);
         EXPECT_DTYPE(torch::addmv(bias, torch::ones({2, 2}), torch::ones({2})), torch::kFloat);
       }},
      {"addmv_f32_matrix_f64_vector_throws", THROWS("^expected scalar type Float but found Double$"),
       [] {
         auto bias = torch::zeros({2}, torch::kFloat);
         torch::addmv(bias, torch::ones({2, 2}, torch::kFloat), torch::ones({2}, torch::kDouble)); // FLAGGED(torchdtype-mixed-precision)
       }},
      {"addbmm_f64_self_f32_batches_throws", THROWS("^self and mat2 must have the same dtype"),
       [] {
         auto bias = torch::zeros({2, 2}, torch::kDouble);
         auto b = torch::ones({1, 2, 2}, torch::kFloat);
         torch::addbmm(bias, b, b); // FLAGGED(torchdtype-mixed-precision)
       }},
      {"bucketize_out_int32_ids_mm_f32_throws", THROWS("^expected scalar type Int but found Float$"),
       [] {
         auto ids = torch::bucketize(torch::rand({4}), torch::rand({2}), /*out_int32=*/true);
         torch::mm(ids.view({2, 2}), torch::ones({2, 2}, torch::kFloat)); // FLAGGED(torchdtype-mixed-precision)
       }},
      {"bucketize_out_int32_labels_cross_entropy_throws", THROWS("^expected scalar type Long but found Int$"),
       [] {
         auto labels = torch::bucketize(torch::rand({4}) * 3, torch::tensor({1.0f, 2.0f}), /*out_int32=*/true);
         torch::nn::functional::cross_entropy(torch::randn({4, 3}), labels); // FLAGGED(torchdtype-loss-target-dtype)
       }},
      {"bucketize_out_int32_ids_mm_int32_runs", RUNS,
       [] {
         auto ids = torch::bucketize(torch::rand({4}), torch::rand({2}), /*out_int32=*/true);
         EXPECT_DTYPE(torch::mm(ids.view({2, 2}), torch::ones({2, 2}, torch::kInt)), torch::kInt);
       }},
      {"nn_set_data_every_parameter_f64_then_f32_input_throws", THROWS("^mat1 and mat2 must have the same dtype$"),
       [] {
         torch::nn::Linear l(4, 2);
         for (auto &p : l->parameters())
           p.set_data(p.data().to(torch::kDouble));
         l->forward(torch::ones({3, 4}, torch::kFloat)); // FLAGGED(torchdtype-module-input-dtype)
       }},
      {"nll_loss_f64_class_weight_f32_input_throws", THROWS("^expected scalar type Float but found Double$"),
       [] {
         torch::nll_loss(torch::log_softmax(torch::ones({3, 4}), 1), torch::zeros({3}, torch::kLong),
                         torch::ones({4}, torch::kDouble));
       }},
      {"cross_entropy_loss_f64_class_weight_f32_input_throws", THROWS("^expected scalar type Float but found Double$"),
       [] {
         torch::cross_entropy_loss(torch::ones({3, 4}), torch::zeros({3}, torch::kLong),
                                   torch::ones({4}, torch::kDouble));
       }},
      {"nll_loss_f32_class_weight_runs", RUNS,
       [] {
         EXPECT_DTYPE(torch::nll_loss(torch::log_softmax(torch::ones({3, 4}), 1), torch::zeros({3}, torch::kLong),
                                      torch::ones({4})),
                      torch::kFloat);
       }},
      {"nn_silu_module_f16_cpu_throws", THROWS("^\"silu_cpu\" not implemented for 'Half'$"),
       [] {
         torch::nn::SiLU act;
         act(torch::ones({2, 4}, torch::kHalf)); // FLAGGED(torchdtype-half-on-cpu)
       }},
      {"nn_sequential_softplus_f32_called_with_f64_throws",
       THROWS("^mat1 and mat2 must have the same dtype$"),
       [] {
         torch::nn::Sequential seq(torch::nn::Linear(4, 8), torch::nn::Softplus(),
                                   torch::nn::Mish(), torch::nn::Linear(8, 1));
         seq->to(torch::kFloat); // this file changes the default dtype elsewhere
         seq->forward(torch::ones({2, 4}, torch::kDouble)); // FLAGGED(torchdtype-module-input-dtype)
       }},
      {"nn_sequential_activations_keep_f64_runs", RUNS,
       [] {
         torch::nn::Sequential seq(torch::nn::Linear(4, 8), torch::nn::Softplus(),
                                   torch::nn::SELU(), torch::nn::Softsign(),
                                   torch::nn::Tanhshrink(), torch::nn::LogSigmoid(),
                                   torch::nn::Linear(8, 2));
         seq->to(torch::kDouble);
         EXPECT_DTYPE(seq->forward(torch::ones({2, 4}, torch::kDouble)), torch::kDouble);
       }},
      {"nn_sequential_pool_f32_called_with_f64_throws",
       THROWS("^mat1 and mat2 must have the same dtype$"),
       [] {
         torch::nn::Sequential seq(torch::nn::AdaptiveAvgPool2d(2), torch::nn::Flatten(),
                                   torch::nn::Linear(8, 2));
         seq->to(torch::kFloat); // this file changes the default dtype elsewhere
         seq->forward(torch::ones({3, 2, 4, 4}, torch::kDouble)); // FLAGGED(torchdtype-module-input-dtype)
       }},
      {"nn_adaptive_avg_pool2d_to_1x1_f16_cpu_runs", RUNS,
       [] {
         torch::nn::AdaptiveAvgPool2d pool(1);
         EXPECT_DTYPE(pool(torch::ones({1, 2, 4, 4}, torch::kHalf)), torch::kHalf);
         torch::nn::PixelShuffle shuffle(2);
         EXPECT_DTYPE(shuffle(torch::ones({1, 4, 2, 2}, torch::kHalf)), torch::kHalf);
       }},
      {"f32_minus_f64_column_mean_mm_throws", THROWS("^expected scalar type Double but found Float$"),
       [] {
         // The float64 column means are 1-dim: float32 - them is float64.
         auto mean = torch::ones({8, 4}, torch::kDouble).mean(0);
         auto z = torch::ones({5, 4}, torch::kFloat) - mean;
         EXPECT_DTYPE(z, torch::kDouble);
         torch::mm(z, torch::ones({4, 3}, torch::kFloat)); // FLAGGED(torchdtype-mixed-precision)
       }},
      {"f32_minus_f64_mean_over_all_mm_runs", RUNS,
       [] {
         // A mean over all is 0-dim: it does not widen the float32 matrix.
         auto mean = torch::ones({8, 4}, torch::kDouble).mean();
         auto z = torch::ones({5, 4}, torch::kFloat) - mean;
         EXPECT_DTYPE(z, torch::kFloat);
         EXPECT_DTYPE(torch::mm(z, torch::ones({4, 3}, torch::kFloat)), torch::kFloat);
         auto row = torch::ones({8, 4}, torch::kDouble).select(0, 1).sum(0);
         EXPECT_DTYPE(torch::ones({5, 4}, torch::kFloat) - row, torch::kFloat);
       }},
      {"nn_softplus_module_f16_cpu_throws", THROWS("^\"softplus_cpu\" not implemented for 'Half'$"),
       [] {
         torch::nn::Softplus act;
         act(torch::ones({2, 4}, torch::kHalf)); // FLAGGED(torchdtype-half-on-cpu)
       }},
      {"nn_relu_module_long_runs", RUNS,
       [] {
         torch::nn::ReLU act;
         EXPECT_DTYPE(act(torch::ones({2, 4}, torch::kLong)), torch::kLong);
       }},
      {"nn_group_norm_f32_called_with_bf16_throws", THROWS("^expected scalar type BFloat16 but found Float$"),
       [] {
         torch::nn::GroupNorm gn(torch::nn::GroupNormOptions(2, 4));
         gn->forward(torch::ones({2, 4, 3}, torch::kBFloat16));
       }},
      {"nn_group_norm_f32_called_with_f64_throws", THROWS("^expected scalar type Double but found Float$"),
       [] {
         torch::nn::GroupNorm gn(torch::nn::GroupNormOptions(2, 4));
         gn->forward(torch::ones({2, 4, 3}, torch::kDouble));
       }},
      {"nn_group_norm_f32_called_with_long_throws", THROWS("^\"GroupNormKernelImpl\" not implemented for 'Long'$"),
       [] {
         torch::nn::GroupNorm gn(torch::nn::GroupNormOptions(2, 4));
         gn->forward(torch::ones({2, 4, 3}, torch::kLong));
       }},
      {"nn_layer_norm_f32_called_with_f64_throws", THROWS("^expected scalar type Double but found Float$"),
       [] {
         torch::nn::LayerNorm ln(torch::nn::LayerNormOptions({4}));
         ln->forward(torch::ones({2, 4}, torch::kDouble));
       }},
      {"nn_layer_norm_f32_called_with_bf16_throws", THROWS("^expected scalar type BFloat16 but found Float$"),
       [] {
         torch::nn::LayerNorm ln(torch::nn::LayerNormOptions({4}));
         ln->forward(torch::ones({2, 4}, torch::kBFloat16));
       }},
      {"nn_layer_norm_f32_called_with_f16_throws",
       THROWS("^\"LayerNormKernelImpl\" not implemented for 'Half'$"),
       [] {
         torch::nn::LayerNorm ln(torch::nn::LayerNormOptions({4}));
         ln->forward(torch::ones({2, 4}, torch::kHalf)); // FLAGGED(torchdtype-half-on-cpu)
       }},
      // batch_norm on CPU accepts mixed dtypes only as bf16 input with f32 parameters
      {"nn_batchnorm2d_f32_called_with_f64_throws",
       THROWS("^mixed dtype \\(CPU\\): expect input to have scalar type of BFloat16$"),
       [] {
         torch::nn::BatchNorm2d bn(3);
         bn->forward(torch::ones({2, 3, 2, 2}, torch::kDouble));
       }},
      {"nn_batchnorm2d_eval_f32_called_with_f64_throws",
       THROWS("^mixed dtype \\(CPU\\): expect input to have scalar type of BFloat16$"),
       [] {
         torch::nn::BatchNorm2d bn(3);
         bn->eval();
         bn->forward(torch::ones({2, 3, 2, 2}, torch::kDouble));
       }},
      {"nn_batchnorm2d_f32_called_with_f16_throws", THROWS("^\"batch_norm\" not implemented for 'Half'$"),
       [] {
         torch::nn::BatchNorm2d bn(3);
         bn->forward(torch::ones({2, 3, 2, 2}, torch::kHalf));
       }},
      {"nn_batchnorm2d_f32_called_with_bf16_runs_BFloat16", RUNS,
       [] {
         torch::nn::BatchNorm2d bn(3);
         EXPECT_DTYPE(bn->forward(torch::ones({2, 3, 2, 2}, torch::kBFloat16)), torch::kBFloat16);
       }},
      // op contracts (torchdtype-unsupported-dtype): what the measured table
      // records, run again here on the shapes a program has (dtypes given:
      // cases here set the default dtype, which the analysis then does not
      // know for this file)
      {"gather_int32_index_throws", THROWS("^gather\\(\\): Expected dtype int64 for index$"),
       [] {
         auto x = torch::rand({4, 3}, torch::kFloat);
         auto idx = torch::zeros({4, 1}, torch::kInt);
         x.gather(1, idx); // FLAGGED(torchdtype-unsupported-dtype)
       }},
      // The arithmetic operators are their aten ops: a Bool mask cannot be
      // subtracted or negated (1 - m is empty_like(m).fill_(1).sub_(m))
      {"sub_number_minus_bool_mask_throws",
       THROWS("^Subtraction, the `-` operator, with two bool tensors is not supported"),
       [] {
         auto m = torch::rand({4}) > 0.5;
         auto keep = 1 - m; // FLAGGED(torchdtype-unsupported-dtype)
       }},
      {"sub_float_minus_bool_mask_throws",
       THROWS("^Subtraction, the `-` operator, with a bool tensor is not supported"),
       [] {
         // (the dtype given: this unit sets the default dtype elsewhere,
         // so a factory without one is of no known dtype here)
         auto x = torch::rand({4}, torch::kFloat);
         auto m = x > 0.5;
         auto y = x - m; // FLAGGED(torchdtype-unsupported-dtype)
       }},
      {"neg_bool_mask_throws",
       THROWS("^Negation, the `-` operator, on a bool tensor is not supported"),
       [] {
         auto m = torch::rand({4}) > 0.5;
         auto inv = -m; // FLAGGED(torchdtype-unsupported-dtype)
       }},
      {"bool_mask_plus_times_and_converted_runs", RUNS,
       [] {
         auto m = torch::rand({4}) > 0.5;
         EXPECT_DTYPE(m + m, torch::kBool);
         EXPECT_DTYPE(m * m, torch::kBool);
         EXPECT_DTYPE(m * 0.5, torch::kFloat);
         EXPECT_DTYPE(1 - m.to(torch::kFloat), torch::kFloat);
         EXPECT_DTYPE(~m, torch::kBool);
       }},
      {"gather_int64_index_runs_Float", RUNS,
       [] {
         auto x = torch::rand({4, 3}, torch::kFloat);
         EXPECT_DTYPE(x.gather(1, torch::zeros({4, 1}, torch::kLong)), torch::kFloat);
       }},
      // Tensor::index's list: its tensors must be Long, Byte or Bool on 1.13
      // (slices and integers beside them are no index tensors)
      {"index_list_int32_tensor_throws",
       THROWS("^tensors used as indices must be long, byte or bool tensors$"),
       [] {
         auto table = torch::rand({10, 4}, torch::kFloat);
         auto ids = torch::zeros({3}, torch::kInt);
         table.index({ids}); // FLAGGED(torchdtype-unsupported-dtype)
       }},
      {"index_list_slice_and_int32_tensor_throws",
       THROWS("^tensors used as indices must be long, byte or bool tensors$"),
       [] {
         auto x = torch::rand({4, 6}, torch::kFloat);
         auto cols = torch::zeros({2}, torch::kInt);
         x.index({torch::indexing::Slice(), cols}); // FLAGGED(torchdtype-unsupported-dtype)
       }},
      {"index_put_float_index_throws",
       THROWS("^tensors used as indices must be long, byte or bool tensors$"),
       [] {
         auto x = torch::zeros({5}, torch::kFloat);
         x.index_put_({torch::ones({2}, torch::kFloat)}, torch::ones({2}, torch::kFloat)); // FLAGGED(torchdtype-unsupported-dtype)
       }},
      {"index_list_long_bool_byte_run_Float", RUNS,
       [] {
         auto table = torch::rand({10, 4}, torch::kFloat);
         EXPECT_DTYPE(table.index({torch::zeros({3}, torch::kLong)}), torch::kFloat);
         EXPECT_DTYPE(table.index({torch::ones({10}, torch::kBool)}), torch::kFloat);
         // a Byte index is a mask (deprecated), of the indexed dimension's size
         EXPECT_DTYPE(table.index({torch::ones({10}, torch::kByte)}), torch::kFloat);
       }},
      // F::interpolate: the mode picks the upsample op (api.json functional_ops)
      {"interpolate_uint8_bilinear_throws",
       THROWS("^\"compute_indices_weights_linear\" not implemented for 'Byte'$"),
       [] {
         namespace F = torch::nn::functional;
         auto frame = torch::zeros({1, 3, 16, 16}, torch::kByte);
         F::interpolate(frame, F::InterpolateFuncOptions().size(std::vector<int64_t>{8, 8}).mode(torch::kBilinear).align_corners(false)); // FLAGGED(torchdtype-unsupported-dtype)
       }},
      {"interpolate_int32_bicubic_throws",
       THROWS("^\"compute_indices_weights_cubic\" not implemented for 'Int'$"),
       [] {
         namespace F = torch::nn::functional;
         auto mask = torch::zeros({1, 1, 4, 4}, torch::kInt);
         F::interpolate(mask, F::InterpolateFuncOptions().scale_factor(std::vector<double>{2.0, 2.0}).mode(torch::kBicubic).align_corners(false)); // FLAGGED(torchdtype-unsupported-dtype)
       }},
      {"interpolate_uint8_nearest_runs_Byte", RUNS,
       [] {
         namespace F = torch::nn::functional;
         auto frame = torch::zeros({1, 3, 16, 16}, torch::kByte);
         EXPECT_DTYPE(F::interpolate(frame, F::InterpolateFuncOptions().size(std::vector<int64_t>{8, 8}).mode(torch::kNearest)), torch::kByte);
       }},
      {"interpolate_float_bilinear_runs_Float", RUNS,
       [] {
         namespace F = torch::nn::functional;
         auto frame = torch::zeros({1, 3, 16, 16}, torch::kByte).to(torch::kFloat);
         EXPECT_DTYPE(F::interpolate(frame, F::InterpolateFuncOptions().size(std::vector<int64_t>{8, 8}).mode(torch::kBilinear).align_corners(false)), torch::kFloat);
       }},
      // F::pad: the mode and the pad list's length pick the op (api.json
      // functional_ops, at::_pad_enum)
      {"pad_uint8_reflect_2d_throws",
       THROWS("^\"reflection_pad2d\" not implemented for 'Byte'$"),
       [] {
         namespace F = torch::nn::functional;
         auto tile = torch::randint(0, 256, {1, 3, 8, 8}, torch::kByte);
         F::pad(tile, F::PadFuncOptions({2, 2, 2, 2}).mode(torch::kReflect)); // FLAGGED(torchdtype-unsupported-dtype)
       }},
      {"pad_int64_replicate_1d_throws",
       THROWS("^\"replication_pad1d_cpu\" not implemented for 'Long'$"),
       [] {
         namespace F = torch::nn::functional;
         auto counts = torch::zeros({1, 1, 10}, torch::kLong);
         F::pad(counts, F::PadFuncOptions({1, 1}).mode(torch::kReplicate)); // FLAGGED(torchdtype-unsupported-dtype)
       }},
      {"pad_half_reflect_3d_runs_Half", RUNS,
       [] {
         namespace F = torch::nn::functional;
         auto vol = torch::zeros({1, 1, 4, 4, 4}, torch::kHalf);
         EXPECT_DTYPE(F::pad(vol, F::PadFuncOptions({1, 1, 1, 1, 1, 1}).mode(torch::kReflect)), torch::kHalf);
       }},
      {"pad_uint8_constant_runs_Byte", RUNS,
       [] {
         namespace F = torch::nn::functional;
         auto tile = torch::randint(0, 256, {1, 3, 8, 8}, torch::kByte);
         EXPECT_DTYPE(F::pad(tile, F::PadFuncOptions({2, 2, 2, 2}).mode(torch::kConstant).value(0)), torch::kByte);
       }},
      {"pad_uint8_circular_runs_Byte", RUNS,
       [] {
         namespace F = torch::nn::functional;
         auto tile = torch::randint(0, 256, {1, 3, 8, 8}, torch::kByte);
         EXPECT_DTYPE(F::pad(tile, F::PadFuncOptions({2, 2, 2, 2}).mode(torch::kCircular)), torch::kByte);
       }},
      // Modules without parameters run their op on the input (api.json
      // activation_modules): the dtype is kept, the op's table judges it.
      {"module_reflection_pad2d_uint8_throws",
       THROWS("^\"reflection_pad2d\" not implemented for 'Byte'$"),
       [] {
         torch::nn::ReflectionPad2d pad(2);
         auto img = torch::zeros({1, 3, 8, 8}, torch::kByte);
         pad(img); // FLAGGED(torchdtype-unsupported-dtype)
       }},
      {"module_pads_3d_keep_dtype", RUNS,
       [] {
         torch::nn::ReflectionPad3d reflect(1);
         torch::nn::ReplicationPad3d replicate(1);
         for (auto D : {torch::kFloat, torch::kDouble}) {
           auto vol = torch::zeros({1, 1, 4, 4, 4}, D);
           EXPECT_DTYPE(reflect(vol), D);
           EXPECT_DTYPE(replicate->forward(vol), D);
         }
       }},
      {"module_relu_keeps_double_mm_f32_throws",
       THROWS("^expected scalar type Double but found Float$"),
       [] {
         torch::nn::ReLU act;
         auto h = act(torch::rand({4, 4}, torch::kDouble));
         torch::mm(h, torch::ones({4, 2}, torch::kFloat)); // FLAGGED(torchdtype-mixed-precision)
       }},
      {"index_select_int32_index_runs_Float", RUNS,
       [] {
         auto x = torch::rand({4, 3}, torch::kFloat);
         EXPECT_DTYPE(torch::index_select(x, 0, torch::tensor({0, 2}, torch::kInt)), torch::kFloat);
       }},
      {"mean_of_long_throws",
       THROWS("^mean\\(\\): could not infer output dtype\\. Input dtype must be either a floating point or complex dtype\\. Got: Long$"),
       [] {
         auto counts = torch::randint(0, 10, {8});
         counts.mean(); // FLAGGED(torchdtype-unsupported-dtype)
       }},
      {"mean_of_long_with_dtype_runs_Float", RUNS,
       [] {
         auto counts = torch::randint(0, 10, {8});
         EXPECT_DTYPE(counts.mean(torch::kFloat), torch::kFloat);
       }},
      {"where_float_condition_throws",
       THROWS("^where expected condition to be a boolean tensor, but got a tensor with dtype Float$"),
       [] {
         auto a = torch::rand({4}, torch::kFloat);
         auto keep = torch::ones({4}, torch::kFloat);
         torch::where(keep, a, torch::zeros({4}, torch::kFloat)); // FLAGGED(torchdtype-unsupported-dtype)
       }},
      {"bitwise_and_of_floats_throws", THROWS("^\"bitwise_and_cpu\" not implemented for 'Float'$"),
       [] {
         auto a = torch::rand({4}, torch::kFloat);
         auto b = torch::rand({4}, torch::kFloat);
         auto c = a & b; // FLAGGED(torchdtype-unsupported-dtype)
       }},
      {"bitwise_and_of_bools_runs_Bool", RUNS,
       [] {
         auto a = torch::rand({4}, torch::kFloat);
         EXPECT_DTYPE((a > 0.5) & (a < 0.9), torch::kBool);
       }},
      // mse_loss and huber_loss: an integer target runs forward, its backward throws
      {"mse_loss_long_target_backward_throws", THROWS("^Found dtype Long but expected Float$"),
       [] {
         auto pred = torch::rand({4}, torch::TensorOptions(torch::kFloat).requires_grad(true));
         auto stars = torch::randint(1, 6, {4});
         auto loss = torch::mse_loss(pred, stars);
         loss.backward(); // FLAGGED(torchdtype-loss-target-dtype)
       }},
      {"mse_loss_long_target_forward_runs_Float", RUNS,
       [] {
         auto pred = torch::rand({4}, torch::kFloat);
         EXPECT_DTYPE(torch::mse_loss(pred, torch::randint(1, 6, {4})), torch::kFloat);
       }},
      {"l1_loss_long_target_backward_runs", RUNS,
       [] {
         auto pred = torch::rand({4}, torch::TensorOptions(torch::kFloat).requires_grad(true));
         torch::l1_loss(pred, torch::randint(1, 6, {4})).backward();
       }},
      // an op no list names: its result dtype comes from the measured table
      {"argsort_result_long_into_mm_throws", THROWS("^expected scalar type Float but found Long$"),
       [] {
         auto in = torch::rand({4, 4}, torch::kFloat);
         auto order = torch::argsort(in);
         torch::mm(in, order); // FLAGGED(torchdtype-mixed-precision)
       }},
      // Module::to(kDouble): registered tensors convert, plain ones stay
      {"module_to_double_plain_member_stays_float_throws",
       THROWS("expected scalar type Double but found Float"),
       [] {
         PlainFreqs m;
         m->to(torch::kDouble);
         m->forward(torch::ones({2, 2}, torch::kDouble));
       }},
      {"module_to_double_registered_buffer_converts_runs", RUNS,
       [] {
         PlainFreqs m;
         m->to(torch::kDouble);
         EXPECT_DTYPE(m->scaled(torch::ones({2, 2}, torch::kDouble)), torch::kDouble);
       }},
      {"module_to_double_long_buffer_converts_throws",
       THROWS("expected scalar type Long but found Double"),
       [] {
         PlainFreqs m;
         m->to(torch::kDouble);
         m->count(torch::ones({2, 2}, torch::kLong));
       }},
      // torch::fft and torch::linalg wrap the aten ops of the prefixed name;
      // the real parts of a complex tensor are real (api.json
      // wrapper_namespaces, tensor_ops real_of_complex). Every factory names
      // its dtype: this file changes the default dtype in other cases.
      {"rfft_power_spectrum_double_matmul_float_throws",
       THROWS("^expected scalar type Double but found Float$"),
       [] {
         auto power = torch::fft::rfft(torch::randn({4, 8}, torch::kDouble)).abs().pow(2);
         torch::matmul(power, torch::ones({5, 3}, torch::kFloat)); // FLAGGED(torchdtype-mixed-precision)
       }},
      {"rfft_complex_mm_float_throws",
       THROWS("^expected scalar type ComplexDouble but found Float$"),
       [] {
         auto spectrum = torch::fft::rfft(torch::randn({4, 8}, torch::kDouble));
         torch::mm(spectrum, torch::ones({5, 3}, torch::kFloat)); // FLAGGED(torchdtype-mixed-precision)
       }},
      {"hann_window_double_power_spectrum_matmul_float_throws",
       THROWS("^expected scalar type Double but found Float$"),
       [] {
         auto frames = torch::randn({4, 400}, torch::kDouble);
         auto power = torch::fft::rfft(frames * torch::hann_window(400, torch::kDouble)).abs().pow(2);
         torch::matmul(power, torch::zeros({201, 80}, torch::kFloat)); // FLAGGED(torchdtype-mixed-precision)
       }},
      {"window_functions_follow_the_options_runs", RUNS,
       [] {
         EXPECT_DTYPE(torch::hann_window(8, torch::kFloat), torch::kFloat);
         EXPECT_DTYPE(torch::hamming_window(8, torch::kDouble), torch::kDouble);
         EXPECT_DTYPE(torch::kaiser_window(8, torch::kDouble), torch::kDouble);
       }},
      {"complex_parts_are_real_runs", RUNS,
       [] {
         auto c = torch::fft::rfft(torch::randn({8}, torch::kDouble));
         EXPECT_DTYPE(c, torch::kComplexDouble);
         EXPECT_DTYPE(c.abs(), torch::kDouble);
         EXPECT_DTYPE(torch::angle(c), torch::kDouble);
         EXPECT_DTYPE(torch::real(c), torch::kDouble);
         EXPECT_DTYPE(torch::imag(c), torch::kDouble);
         EXPECT_DTYPE(torch::view_as_real(c), torch::kDouble);
         EXPECT_DTYPE(torch::fft::rfft(torch::randn({8}, torch::kFloat)).abs(), torch::kFloat);
         EXPECT_DTYPE(torch::fft::irfft(torch::fft::rfft(torch::randn({8}, torch::kFloat))), torch::kFloat);
       }},
      {"linalg_inv_double_into_float_linear_throws",
       THROWS("mat1 and mat2 must have the same dtype"),
       [] {
         torch::nn::Linear head(3, 1);
         head->to(torch::kFloat);
         head(torch::linalg::inv(torch::eye(3, torch::kDouble))); // FLAGGED(torchdtype-module-input-dtype)
       }},
      // Measured on values in [0, 1] and on 3x3 tensors (op_contracts.json
      // shapes unit1d, 3x3).
      {"quantile_double_q_float_input_throws",
       THROWS("^quantile\\(\\) q tensor must be same dtype as the input tensor$"),
       [] {
         auto q = torch::tensor({0.01, 0.99}, torch::kDouble);
         torch::quantile(torch::rand({64}, torch::kFloat), q); // FLAGGED(torchdtype-unsupported-dtype)
       }},
      {"quantile_same_dtype_runs", RUNS,
       [] {
         EXPECT_DTYPE(torch::quantile(torch::rand({64}, torch::kFloat), torch::tensor({0.5f}, torch::kFloat)), torch::kFloat);
         EXPECT_DTYPE(torch::quantile(torch::rand({64}, torch::kFloat), 0.5), torch::kFloat);
       }},
      {"cross_float_double_throws", THROWS("^expected scalar type Float but found Double$"),
       [] {
         auto arms = torch::rand({6, 3}, torch::kDouble);
         torch::cross(torch::rand({6, 3}, torch::kFloat), arms, 1); // FLAGGED(torchdtype-unsupported-dtype)
       }},
  };
}

std::string one_line(std::string s) {
  for (auto &c : s)
    if (c == '\n' || c == '\r')
      c = ' ';
  while (!s.empty() && s.back() == ' ')
    s.pop_back();
  return s;
}

} // namespace

int main(int argc, char **argv) {
  bool verbose = false;
  std::string filter;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "-v"))
      verbose = true;
    else if (!std::strcmp(argv[i], "-f") && i + 1 < argc)
      filter = argv[++i];
  }
  std::printf("LibTorch %s\n", TORCH_VERSION);
  int passed = 0, failed = 0;
  for (const auto &c : cases()) {
    if (!filter.empty() && !std::regex_search(c.name, std::regex(filter)))
      continue;
    bool threw = false, ok = false;
    std::string message, message_short, kind, why;
    {
      GlobalStateGuard guard;
      try {
        c.body();
      } catch (const CheckFailure &e) {
        kind = "check";
        message = e.what();
      } catch (const c10::TypeError &e) {
        threw = true, kind = "c10::TypeError";
        message = e.what_without_backtrace();
      } catch (const c10::NotImplementedError &e) {
        threw = true, kind = "c10::NotImplementedError";
        message = e.what_without_backtrace();
      } catch (const c10::IndexError &e) {
        threw = true, kind = "c10::IndexError";
        message = e.what_without_backtrace();
      } catch (const c10::Error &e) {
        threw = true, kind = "c10::Error";
        message = e.what_without_backtrace();
      } catch (const std::exception &e) {
        threw = true, kind = "std::exception";
        message = e.what();
      }
    }
    message = one_line(message);
    message_short = message.size() > 240 ? message.substr(0, 240) + "..." : message;
    if (kind == "check") {
      why = message;
    } else if (c.expect == Expect::Runs) {
      ok = !threw;
      if (!ok)
        why = "expected to run, threw " + kind + ": " + message;
    } else if (!threw) {
      why = "expected to throw /" + std::string(c.regex) + "/, ran";
    } else {
      ok = std::regex_search(message, std::regex(c.regex));
      if (!ok)
        why = "message /" + std::string(c.regex) + "/ not found in " + kind +
              ": " + message_short;
    }
    if (ok) {
      ++passed;
      if (verbose && threw)
        std::printf("PASS %s: [%s] %s\n", c.name, kind.c_str(), message_short.c_str());
      else
        std::printf("PASS %s\n", c.name);
    } else {
      ++failed;
      std::printf("FAIL %s: %s\n", c.name, why.c_str());
    }
  }
  std::printf("%d passed, %d failed\n", passed, failed);
  std::fflush(stdout);
  return failed ? 1 : 0;
}
