// RUN: %check_clang_tidy %s torchdtype-mixed-precision,torchdtype-module-input-dtype %t -- -config="{CheckOptions: {PyTorchVersion: '1.13'}}"
// Guard classes of the user's: a constructor saves the autocast state or
// the default dtype in a member and sets it, the destructor gives the
// member back to the setter. The object's life is the region: a local
// variable's scope, std::optional's emplace() to reset(), make_unique to
// reset(). A guard that saves the state only after setting it restores
// the state it set.
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <memory>
#include <optional>

class CpuAmp {
public:
  CpuAmp() : saved_(at::autocast::is_cpu_enabled()) {
    at::autocast::set_cpu_enabled(true);
  }
  ~CpuAmp() { at::autocast::set_cpu_enabled(saved_); }

private:
  bool saved_;
};

class DTypeScope {
public:
  explicit DTypeScope(caffe2::TypeMeta dtype)
      : previous_(torch::get_default_dtype()) {
    torch::set_default_dtype(dtype);
  }
  ~DTypeScope() { torch::set_default_dtype(previous_); }

private:
  caffe2::TypeMeta previous_;
};

// Saves what it has just set: its destructor leaves float64 in force.
class LeakyDTypeScope {
public:
  explicit LeakyDTypeScope(caffe2::TypeMeta dtype) {
    torch::set_default_dtype(dtype);
    saved_ = torch::get_default_dtype();
  }
  ~LeakyDTypeScope() { torch::set_default_dtype(saved_); }

private:
  caffe2::TypeMeta saved_;
};

void block_scope_ends_the_region() {
  auto a = torch::randn({2, 2});
  auto b = torch::randn({2, 2}, torch::kBFloat16);
  torch::Tensor inside;
  {
    CpuAmp amp;
    inside = torch::mm(a, b); // cast: runs
  }
  auto after = torch::mm(inside, a);
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'mm' requires operands of the same dtype but gets BFloat16 and Float; this throws at run time{{.*}} [torchdtype-mixed-precision]
  // CHECK-MESSAGES: :[[@LINE-4]]:{{[0-9]+}}: note: {{.*}}BFloat16 from here
  // CHECK-MESSAGES: :[[@LINE-10]]:{{[0-9]+}}: note: {{.*}}Float from here
}

void guard_alive_to_the_end_is_quiet() {
  CpuAmp amp;
  auto a = torch::randn({2, 2});
  auto b = torch::randn({2, 2}, torch::kBFloat16);
  auto c = torch::mm(a, b);
  auto d = torch::mm(c, a); // still cast
}

torch::nn::Linear build_double_layer() {
  DTypeScope fp64(caffe2::TypeMeta::Make<double>());
  return torch::nn::Linear(4, 2);
}

void default_dtype_restored_after_builder() {
  torch::nn::Linear l(nullptr);
  {
    DTypeScope fp64(caffe2::TypeMeta::Make<double>());
    l = torch::nn::Linear(4, 2);
  }
  auto x = torch::randn({3, 4}); // float32 again
  auto y = l(x);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module 'l' has Double parameters but gets a Float input{{.*}} [torchdtype-module-input-dtype]
  // CHECK-MESSAGES: :[[@LINE-5]]:{{[0-9]+}}: note: module 'l' has dtype Double from here
  // CHECK-MESSAGES: :[[@LINE-4]]:{{[0-9]+}}: note: input 'x' has dtype Float from here
}

void same_default_inside_is_quiet() {
  DTypeScope fp64(caffe2::TypeMeta::Make<double>());
  torch::nn::Linear l(4, 2);
  auto y = l(torch::randn({3, 4}));
}

void leaky_guard_leaves_double() {
  auto w = torch::randn({4, 4});
  {
    LeakyDTypeScope fp64(caffe2::TypeMeta::Make<double>());
  }
  auto x = torch::randn({4, 4}); // float64: the destructor set it back to that
  auto y = torch::mm(x, w);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
  // CHECK-MESSAGES: :[[@LINE-3]]:{{[0-9]+}}: note: {{.*}}Double from here
  // CHECK-MESSAGES: :[[@LINE-8]]:{{[0-9]+}}: note: {{.*}}Float from here
}

void optional_guard_reset(bool use_amp) {
  auto a = torch::randn({2, 2});
  auto b = torch::randn({2, 2}, torch::kBFloat16);
  std::optional<CpuAmp> amp;
  if (use_amp)
    amp.emplace();
  auto h = torch::mm(a, b); // throws when use_amp is false
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and BFloat16{{.*}} [torchdtype-mixed-precision]
  // CHECK-MESSAGES: :[[@LINE-7]]:{{[0-9]+}}: note: {{.*}}Float from here
  // CHECK-MESSAGES: :[[@LINE-7]]:{{[0-9]+}}: note: {{.*}}BFloat16 from here
  // CHECK-MESSAGES: :[[@LINE-6]]:{{[0-9]+}}: note: assuming 'use_amp' is false
  amp.reset();
}

void optional_guard_reset_before_head() {
  auto a = torch::randn({2, 2});
  auto b = torch::randn({2, 2}, torch::kBFloat16);
  std::optional<CpuAmp> amp;
  amp.emplace();
  auto h = torch::mm(a, b); // cast
  amp.reset();
  auto out = torch::mm(h, a);
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'mm' requires operands of the same dtype but gets BFloat16 and Float{{.*}} [torchdtype-mixed-precision]
  // CHECK-MESSAGES: :[[@LINE-4]]:{{[0-9]+}}: note: {{.*}}BFloat16 from here
  // CHECK-MESSAGES: :[[@LINE-9]]:{{[0-9]+}}: note: {{.*}}Float from here
}

void unique_ptr_guard_reset() {
  auto a = torch::randn({2, 2});
  auto b = torch::randn({2, 2}, torch::kBFloat16);
  auto amp = std::make_unique<CpuAmp>();
  auto h = torch::mm(a, b); // cast
  amp.reset();
  auto out = torch::mm(h, a);
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'mm' requires operands of the same dtype but gets BFloat16 and Float{{.*}} [torchdtype-mixed-precision]
  // CHECK-MESSAGES: :[[@LINE-4]]:{{[0-9]+}}: note: {{.*}}BFloat16 from here
  // CHECK-MESSAGES: :[[@LINE-8]]:{{[0-9]+}}: note: {{.*}}Float from here
}

void guard_in_loop_body() {
  auto a = torch::randn({2, 2});
  auto b = torch::randn({2, 2}, torch::kBFloat16);
  for (int i = 0; i < 3; ++i) {
    CpuAmp amp;
    auto c = torch::mm(a, b); // cast on every iteration
  }
  auto d = torch::mm(a, b);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and BFloat16{{.*}} [torchdtype-mixed-precision]
  // CHECK-MESSAGES: :[[@LINE-8]]:{{[0-9]+}}: note: {{.*}}Float from here
  // CHECK-MESSAGES: :[[@LINE-8]]:{{[0-9]+}}: note: {{.*}}BFloat16 from here
}

template <typename Guard> torch::Tensor guarded_mm(const torch::Tensor &a) {
  auto b = torch::randn({2, 2}, torch::kBFloat16);
  {
    Guard g;
    auto c = torch::mm(a, b); // cast
  }
  return torch::mm(a, b);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'mm' requires operands of the same dtype but gets Float and BFloat16{{.*}} [torchdtype-mixed-precision]
  // CHECK-MESSAGES: :[[@LINE+4]]:{{[0-9]+}}: note: {{.*}}Float from here
  // CHECK-MESSAGES: :[[@LINE-8]]:{{[0-9]+}}: note: {{.*}}BFloat16 from here
}

void template_guard() { guarded_mm<CpuAmp>(torch::randn({2, 2})); }
// CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: note: in this call of 'guarded_mm'

void lambda_holds_the_guard() {
  auto b = torch::randn({2, 2}, torch::kBFloat16);
  auto run = [&](const torch::Tensor &a) {
    CpuAmp amp;
    return torch::mm(a, b); // cast
  };
  auto h = run(torch::randn({2, 2}));
}

#define AMP_SCOPE CpuAmp amp_scope_
void macro_guard() {
  auto a = torch::randn({2, 2});
  auto b = torch::randn({2, 2}, torch::kBFloat16);
  torch::Tensor h;
  {
    AMP_SCOPE;
    h = torch::mm(a, b);
  }
  auto out = torch::mm(h, a);
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'mm' requires operands of the same dtype but gets BFloat16 and Float{{.*}} [torchdtype-mixed-precision]
  // CHECK-MESSAGES: :[[@LINE-4]]:{{[0-9]+}}: note: {{.*}}BFloat16 from here
  // CHECK-MESSAGES: :[[@LINE-10]]:{{[0-9]+}}: note: {{.*}}Float from here
}

// A guard given its flag (and setting the region's dtype it does not give
// back): the constant a call passes picks what the constructor sets.
class FlagAmp {
public:
  explicit FlagAmp(bool enabled) : prev_(at::autocast::is_cpu_enabled()) {
    at::autocast::set_autocast_cpu_dtype(at::kBFloat16);
    at::autocast::set_cpu_enabled(enabled);
  }
  ~FlagAmp() { at::autocast::set_cpu_enabled(prev_); }

private:
  bool prev_;
};

void flag_guard_on() {
  torch::nn::Linear encoder(8, 4);
  auto x = torch::randn({2, 8});
  torch::Tensor emb;
  {
    FlagAmp amp(true);
    emb = encoder(x);
  }
  auto y = torch::mm(emb, torch::randn({4, 4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets BFloat16 and Float{{.*}} [torchdtype-mixed-precision]
  // CHECK-MESSAGES: :[[@LINE-4]]:{{[0-9]+}}: note: {{.*}}BFloat16 from here
  // CHECK-MESSAGES: :[[@LINE-3]]:{{[0-9]+}}: note: {{.*}}Float from here
}

void flag_guard_off() {
  torch::nn::Linear encoder(8, 4);
  auto x = torch::randn({2, 8});
  torch::Tensor emb;
  {
    FlagAmp amp(false);
    emb = encoder(x);
  }
  auto y = torch::mm(emb, torch::randn({4, 4}));
}

void flag_guard_unknown(bool use_amp) {
  // Either way on this path: nothing is known of the region.
  torch::nn::Linear encoder(8, 4);
  auto x = torch::randn({2, 8});
  torch::Tensor emb;
  {
    FlagAmp amp(use_amp);
    emb = encoder(x);
  }
  if (!use_amp)
    auto y = torch::mm(emb, torch::randn({4, 4}));
}

// A module of the user's made inside the guard (through its TORCH_MODULE
// holder, or std::make_shared): its constructor runs in the guard's
// default dtype, so its layers are float64 like the inputs made there.
struct CalibratorImpl : torch::nn::Module {
  CalibratorImpl() : affine(register_module("affine", torch::nn::Linear(1, 1))) {}
  torch::Tensor forward(const torch::Tensor &x) { return affine(x); }
  torch::nn::Linear affine;
};
TORCH_MODULE(Calibrator);

void user_module_made_in_the_guard_is_quiet() {
  DTypeScope fp64(caffe2::TypeMeta::Make<double>());
  Calibrator calibrator;
  auto y = calibrator(torch::empty({4, 1}).fill_(0.5));
}

void shared_user_module_made_in_the_guard_is_quiet() {
  DTypeScope fp64(caffe2::TypeMeta::Make<double>());
  auto calibrator = std::make_shared<CalibratorImpl>();
  auto y = calibrator->forward(torch::ones({4, 1}));
}
