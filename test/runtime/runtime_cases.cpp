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
// line, and never inside a RUNS case.
// `-v` appends the observed message (and exception type) to each line;
// `-f REGEX` runs only the cases whose name matches REGEX.

#include <ATen/autocast_mode.h>
#include <torch/torch.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
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

std::vector<Case> cases() {
  return {
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
       [] { torch::mm(of(torch::kHalf), of(torch::kHalf)); }},
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
         a.add_(f32());
       }},
      {"index_add_f32_with_f64_source_throws",
       THROWS("index_add_\\(\\): self \\(Float\\) and source \\(Double\\) must have the same scalar type"),
       [] {
         auto a = torch::zeros({3});
         a.index_add_(0, torch::tensor({0, 1}), torch::ones({2}, torch::kDouble));
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
       [] { of(torch::kHalf).fill_(1e6); }},
      {"layer_norm_f16_cpu_throws",
       THROWS("^\"LayerNormKernelImpl\" not implemented for 'Half'$"),
       [] { torch::layer_norm(of(torch::kHalf, 2, 4), {4}); }},
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
         at::autocast::set_autocast_cpu_dtype(at::kHalf);
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
       [] { f32().to(torch::kCUDA); }},
      {"tensor_on_mps_without_mps_throws",
       THROWS("^Could not run 'aten::empty.memory_format' with arguments from the 'MPS' backend"),
       [] { torch::ones({2}, torch::TensorOptions().device(torch::Device("mps"))); }},

      {"f64_to_mps_without_mps_throws",
       THROWS("^PyTorch is not linked with support for mps devices$"),
       [] { torch::ones({2}, torch::kDouble).to(torch::Device("mps")); }}, // FLAGGED(torchdtype-mps-float64)
      {"cpu_tensor_device_is_cpu", RUNS,
       [] { EXPECT_TRUE(f32().device() == torch::Device(torch::kCPU)); }},

      // ---- raw buffers ----
      {"from_blob_double_buffer_as_float_runs_with_garbage", RUNS,
       [] {
         static double buf[4] = {1.0, 2.0, 3.0, 4.0};
         auto t = torch::from_blob(buf, {4}, torch::kFloat);
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
