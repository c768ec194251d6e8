// torchdtype-mixed-precision: a dtype held by a global or a static member
// that the unit only reads is its initializer's, where no other unit can
// write it (internal linkage here: this file has no main); and a number
// added or subtracted with an alpha keeps the tensor's dtype, as any number
// of the tensor's category does.
// RUN: %check_clang_tidy %s torchdtype-mixed-precision %t
#include <torch/torch.h>

// ---- Positives ------------------------------------------------------------

static torch::Dtype g_compute = torch::kFloat64;
namespace {
torch::Dtype g_anon = torch::kDouble;
struct Featurizer {
  static inline torch::Dtype kDtype = torch::kFloat64;
  torch::Tensor operator()(const torch::Tensor &x) const { return x.to(kDtype); }
};
} // namespace

void static_global() {
  auto a = torch::randn({2, 2}).to(g_compute);
  torch::mm(a, torch::randn({2, 2}));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
}

void anonymous_namespace_global() {
  auto a = torch::randn({2, 2}, g_anon);
  torch::mm(torch::randn({2, 2}), a);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
}

void static_member_through_a_functor() {
  Featurizer f;
  auto a = f(torch::randn({2, 2}));
  torch::mm(a, torch::randn({2, 2}));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
}

// add and sub with an alpha, a number first (the tensor keeps Double).
void alpha_keeps_the_dtype() {
  auto d = torch::randn({2, 2}, torch::kDouble);
  torch::mm(d.add(1e-10), torch::randn({2, 2}));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
  torch::mm(torch::add(d, 1, 2), torch::randn({2, 2}));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
  torch::mm(d.sub(0.5, 0.25), torch::randn({2, 2}));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
}

// ---- Negatives ------------------------------------------------------------

// Written somewhere in the unit, its address or a reference taken, or
// visible to other units (this one is not the program): not known.
static torch::Dtype g_written = torch::kDouble;
static torch::Dtype g_pointed = torch::kDouble;
static torch::Dtype g_referred = torch::kDouble;
torch::Dtype g_external = torch::kDouble;
void set_precision(bool half) { g_written = half ? torch::kHalf : torch::kFloat; }
torch::Dtype *precision_slot() { return &g_pointed; }
void configure(torch::Dtype &slot);
void configure_all() { configure(g_referred); }

void globals_not_known() {
  auto x = torch::randn({2, 2});
  torch::mm(torch::randn({2, 2}, g_written), x);
  torch::mm(torch::randn({2, 2}, g_pointed), x);
  torch::mm(torch::randn({2, 2}, g_referred), x);
  torch::mm(torch::randn({2, 2}, g_external), x);
}

// A floating alpha for an integral tensor throws ("For integral input
// tensors, argument alpha must not be a floating point number"): not a
// dtype to carry on.
void floating_alpha_on_integers() {
  auto i = torch::ones({2, 2}, torch::kLong);
  torch::mm(i.add(1, 0.5), torch::randn({2, 2}));
}

// ---- Templates and lambdas -----------------------------------------------

// The same global read in a template's instantiation and a lambda.
template <typename T> void in_template(T) {
  auto a = torch::randn({2, 2}, g_compute);
  auto f = [&] { return torch::mm(a, torch::randn({2, 2})); };
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
  f();
}
void instantiate() { in_template(1); }

// Through a macro.
#define AS_COMPUTE(x) (x).to(g_compute)
void through_a_macro() {
  torch::mm(AS_COMPUTE(torch::randn({2, 2})), torch::randn({2, 2}));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
}
