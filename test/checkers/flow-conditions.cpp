// RUN: %check_clang_tidy -check-suffixes=,V113 %s torchdtype-mixed-precision,torchdtype-half-on-cpu,torchdtype-out-dtype %t -- -config="{CheckOptions: {PyTorchVersion: '1.13'}}"
// Paths split by a ternary on a flag and by a machine query, and facts
// refined by conditions on a tensor's dtype or device (and TORCH_CHECK).
// The real tier runs this file too (test/real/shared-inputs.txt): the
// CHECK-MESSAGES-V113 lines hold on 1.13 only (float16 mm has CPU kernels
// from 2.x on), the others on every version.
#include <torch/torch.h>
#include <vector>
#include <cstring>

// ---- A ternary on a flag: each path takes its arm -------------------------

void ternary_dtype(bool fp64) {
  auto out = torch::empty({4, 4}, fp64 ? torch::kDouble : torch::kFloat);
  auto a = torch::randn({4, 4});
  torch::mm_out(out, a, a);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm_out' needs out tensor 'out' of dtype Float but it has dtype Double; {{.*}} [torchdtype-out-dtype]
  // CHECK-MESSAGES: :[[@LINE-4]]:35: note: assuming 'fp64' is true
}

void ternary_correlated(bool fp64) {
  auto dtype = fp64 ? torch::kDouble : torch::kFloat;
  auto x = torch::randn({4, 4}, dtype);
  auto w = torch::randn({4, 4}, fp64 ? torch::kDouble : torch::kFloat);
  auto y = torch::mm(x, w); // both follow the flag
}

void ternary_flag_from_arguments(int argc, char **argv) {
  bool use_fp16 = true;
  for (int i = 1; i < argc; ++i)
    if (!std::strcmp(argv[i], "--fp32"))
      use_fp16 = false;
  auto x = torch::randn({4, 4}).to(use_fp16 ? torch::kHalf : torch::kFloat);
  auto y = torch::mm(x, x);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'mm' has no CPU kernel for float16 in PyTorch 1.13; {{.*}} [torchdtype-half-on-cpu]
}

void ternary_in_loop(bool fp64) {
  for (int i = 0; i < 3; ++i) {
    auto x = torch::randn({2, 2}, fp64 ? torch::kDouble : torch::kFloat);
    auto w = torch::randn({2, 2});
    auto y = torch::mm(x, w);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
  }
}

// ---- A query of the machine splits paths like a flag ----------------------

void device_fallback() {
  torch::Device device =
      torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;
  auto x = torch::randn({4, 4}).to(device, torch::kHalf);
  auto y = torch::mm(x, x);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'mm' has no CPU kernel for float16 in PyTorch 1.13; {{.*}} [torchdtype-half-on-cpu]
  // CHECK-MESSAGES-V113: :[[@LINE-4]]:7: note: assuming 'torch::cuda::is_available()' is false
}

void device_fallback_correlated() {
  torch::Device device =
      torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;
  auto dtype = torch::cuda::is_available() ? torch::kHalf : torch::kFloat;
  auto x = torch::randn({4, 4}).to(device, dtype);
  auto y = torch::mm(x, x); // half only where CUDA is
}

// ---- Conditions on a tensor's dtype ---------------------------------------

void early_return_on_dtype(bool fp64) {
  auto e = fp64 ? torch::randn({4, 4}, torch::kDouble) : torch::randn({4, 4});
  auto w = torch::randn({4, 4});
  if (e.scalar_type() == torch::kDouble) {
    auto r = torch::mm(e, w.to(torch::kDouble));
    return;
  }
  auto r = torch::mm(e, w); // only a float32 e gets here
}

void dtype_not_equal(bool fp64) {
  auto e = fp64 ? torch::randn({4, 4}, torch::kDouble) : torch::randn({4, 4});
  if (e.scalar_type() != torch::kFloat)
    e = e.to(torch::kFloat);
  auto r = torch::mm(e, torch::randn({4, 4}));
}

void dtype_method_compare(bool fp64) {
  auto e = fp64 ? torch::randn({4, 4}, torch::kDouble) : torch::randn({4, 4});
  if (e.dtype() == torch::kDouble)
    return;
  auto r = torch::mm(e, torch::randn({4, 4}));
}

// A parameter tested for one dtype has it on that branch.
torch::Tensor param_tested(const torch::Tensor &x) {
  auto w = torch::randn({4, 4});
  if (x.scalar_type() == torch::kHalf)
    return torch::mm(x, w);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Half and Float; {{.*}} [torchdtype-mixed-precision]
  // CHECK-MESSAGES: :[[@LINE-3]]:23: note: operand 'x' has dtype Half from here
  return torch::mm(x.to(torch::kFloat), w);
}

torch::Tensor param_converted_when_tested(torch::Tensor x) {
  if (x.scalar_type() == torch::kHalf)
    x = x.to(torch::kFloat);
  return torch::mm(x, torch::randn({4, 4}));
}

// TORCH_CHECK: the failing side throws, the rest sees the condition.
torch::Tensor checked(bool fp64) {
  auto e = fp64 ? torch::randn({4, 4}, torch::kDouble) : torch::randn({4, 4});
  TORCH_CHECK(e.scalar_type() == torch::kFloat, "float32 only");
  return torch::mm(e, torch::randn({4, 4}));
}

#define CHECK_FLOAT(x)                                                         \
  TORCH_CHECK((x).scalar_type() == torch::kFloat, #x " must be float32")

torch::Tensor checked_by_macro(bool fp64) {
  auto e = fp64 ? torch::randn({4, 4}, torch::kDouble) : torch::randn({4, 4});
  CHECK_FLOAT(e);
  return torch::mm(e, torch::randn({4, 4}));
}

torch::Tensor floating_only(bool wide) {
  auto e = wide ? torch::randn({4, 4}, torch::kDouble) : torch::randn({4, 4});
  if (!e.is_floating_point())
    return e;
  if (e.scalar_type() == torch::kDouble)
    e = e.to(torch::kFloat);
  return torch::mm(e, torch::randn({4, 4}));
}

// ---- Conditions on a tensor's device --------------------------------------

torch::Tensor half_only_on_cuda(bool use_cuda) {
  auto x = torch::randn({4, 4});
  if (use_cuda)
    x = x.to(torch::kCUDA);
  if (x.is_cuda())
    x = x.to(torch::kHalf);
  return torch::mm(x, x); // half only on CUDA
}

torch::Tensor half_unless_cuda(bool use_cuda) {
  auto x = torch::randn({4, 4});
  if (use_cuda)
    x = x.to(torch::kCUDA);
  if (!x.device().is_cuda())
    x = x.to(torch::kHalf);
  return torch::mm(x, x);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:10: warning: 'mm' has no CPU kernel for float16 in PyTorch 1.13; {{.*}} [torchdtype-half-on-cpu]
}

torch::Tensor device_type_compare(bool use_cuda) {
  auto x = torch::randn({4, 4});
  if (use_cuda)
    x = x.to(torch::kCUDA);
  if (x.device().type() == torch::kCPU)
    return x;
  return torch::mm(x.to(torch::kHalf), x.to(torch::kHalf));
}

// ---- Templates and lambdas ------------------------------------------------

template <typename T> torch::Tensor templated(const T &x, bool fp64) {
  auto e = fp64 ? x.to(torch::kDouble) : x.to(torch::kFloat);
  if (e.scalar_type() == torch::kDouble)
    return e;
  return torch::mm(e, torch::randn({4, 4}));
}
template torch::Tensor templated(const torch::Tensor &, bool);

void in_lambda() {
  auto f = [](bool fp64) {
    auto e = torch::empty({4, 4}, fp64 ? torch::kDouble : torch::kFloat);
    auto a = torch::randn({4, 4});
    torch::mm_out(e, a, a);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'mm_out' needs out tensor 'e' of dtype Float but it has dtype Double; {{.*}} [torchdtype-out-dtype]
  };
  f(false);
}

// ---- A stable variable compared with constants ----------------------------

#include <string>

enum class Precision { Single, Double };

void by_string(const std::string &precision) {
  auto q = torch::randn({4, 4});
  if (precision == "double")
    q = q.to(torch::kDouble);
  auto r = torch::mm(q, torch::randn({4, 4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
  // CHECK-MESSAGES: :[[@LINE-4]]:17: note: assuming 'precision == "double"' is true
}

void by_string_correlated(const std::string &precision) {
  auto q = torch::randn({4, 4});
  auto w = torch::randn({4, 4});
  if (precision == "double")
    q = q.to(torch::kDouble);
  if (precision == "double")
    w = w.to(torch::kDouble);
  auto r = torch::mm(q, w);
}

void by_enum(Precision p) {
  auto q = torch::randn({4, 4});
  auto w = torch::randn({4, 4});
  if (p == Precision::Double)
    q = q.to(torch::kDouble);
  if (p != Precision::Single)
    w = w.to(torch::kDouble); // Single is not Double: not known to agree
  auto r = torch::mm(q, torch::randn({4, 4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
}

void exclusive_constants(int mode) {
  auto q = torch::randn({4, 4});
  if (mode == 1)
    q = q.to(torch::kDouble);
  if (mode == 2) // never on the path where mode is 1
    q = torch::mm(q, torch::randn({4, 4}));
}

void changed_variable(int mode) {
  auto q = torch::randn({4, 4});
  if (mode == 1)
    q = q.to(torch::kDouble);
  mode = 2; // a change the analysis sees: the paths stay apart
  auto r = torch::mm(q, torch::randn({4, 4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
}

void set_mode(int &mode);

void changed_by_a_callee(int mode) {
  auto q = torch::randn({4, 4});
  set_mode(mode); // changes it out of sight: no path assumes its value
  if (mode == 1)
    q = q.to(torch::kDouble);
  set_mode(mode);
  if (mode == 2)
    auto r = torch::mm(q, torch::randn({4, 4}));
}

// A field holding nothing followed (a std::vector of numbers) used through
// a non-const operator: the struct's flag is still followed.
struct FlagConfig {
  bool rescale = false;
  std::vector<int64_t> bits = {1, 2};
};

void flag_beside_a_vector_field() {
  FlagConfig cfg;
  cfg.rescale = true;
  auto q = torch::randn({4, 4});
  if (cfg.rescale)
    q = q.to(torch::kDouble);
  int64_t first = cfg.bits[0];
  auto r = torch::mm(q, torch::randn({4, 4}) * first);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
}

void flag_changed_through_a_reference(FlagConfig &other) {
  FlagConfig cfg;
  cfg.rescale = true;
  bool &r = cfg.rescale; // may change it out of sight
  r = false;
  auto q = torch::randn({4, 4});
  if (cfg.rescale)
    q = q.to(torch::kDouble);
  auto s = torch::mm(q, torch::randn({4, 4}));
}
