// torchdtype-mixed-precision: a field of a plain class that code outside
// the class's methods writes (`m.dtype = torch::kDouble`, an aggregate's
// initializer, a non-const reference to it) has no class invariant: a
// method reading it takes what the object was given, never the value the
// class's own methods and initializers alone would give it.
// RUN: %check_clang_tidy %s torchdtype-mixed-precision %t
#include <torch/torch.h>

bool flag();

// Written outside: by assignment (Maker), an aggregate initializer
// (Spec), a reference (Sink).
struct Maker {
  torch::Dtype dtype = torch::kFloat;
  torch::Tensor make() const { return torch::zeros({4, 4}, torch::dtype(dtype)); }
};

struct Spec {
  torch::Dtype dtype = torch::kFloat;
  int64_t width = 4;
  torch::Tensor make() const { return torch::zeros({width, width}, torch::dtype(dtype)); }
};

struct Sink {
  torch::Dtype dtype = torch::kFloat;
  torch::Tensor make() const { return torch::zeros({4, 4}, torch::dtype(dtype)); }
};

// Written by its own methods only: the invariant holds.
class Sealed {
public:
  torch::Tensor make() const { return torch::zeros({4, 4}, torch::dtype(dtype_)); }
  void reset() { dtype_ = torch::kDouble; }

private:
  torch::Dtype dtype_ = torch::kDouble;
};

void rebind(torch::Dtype &d) { d = torch::kDouble; }

#define MAKE_DOUBLE(m) ((m).dtype = torch::kDouble)

// ---- Negatives: the object was given the dtype its use expects -------------

void assigned_double_used_with_double() {
  Maker m;
  m.dtype = torch::kDouble;
  auto y = torch::mm(m.make(), torch::ones({4, 4}, torch::kDouble));
}

void aggregate_double_used_with_double() {
  Spec s{torch::kDouble, 4};
  auto y = torch::mm(s.make(), torch::ones({4, 4}, torch::kDouble));
}

void reference_written_double_used_with_double() {
  Sink k;
  rebind(k.dtype);
  auto y = torch::mm(k.make(), torch::ones({4, 4}, torch::kDouble));
}

void branch_assigns_both_operands() {
  Maker m;
  auto other = torch::ones({4, 4});
  if (flag()) {
    m.dtype = torch::kDouble;
    other = other.to(torch::kDouble);
  }
  auto y = torch::mm(m.make(), other);
}

void loop_assigns_double() {
  for (int i = 0; i < 3; ++i) {
    Maker m;
    m.dtype = torch::kDouble;
    auto y = torch::mm(m.make(), torch::ones({4, 4}, torch::kDouble));
  }
}

void lambda_assigns_double() {
  auto run = [] {
    Maker m;
    m.dtype = torch::kDouble;
    return torch::mm(m.make(), torch::ones({4, 4}, torch::kDouble));
  };
  run();
}

template <typename T> void template_assigns_double() {
  T m;
  m.dtype = torch::kDouble;
  auto y = torch::mm(m.make(), torch::ones({4, 4}, torch::kDouble));
}
template void template_assigns_double<Maker>();

void macro_assigns_double() {
  Maker m;
  MAKE_DOUBLE(m);
  auto y = torch::mm(m.make(), torch::ones({4, 4}, torch::kDouble));
}

// ---- Positives ---------------------------------------------------------------

void assigned_double_used_with_float() {
  Maker m;
  m.dtype = torch::kDouble;
  auto y = torch::mm(m.make(), torch::ones({4, 4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
}

void aggregate_double_used_with_float() {
  Spec s{torch::kDouble, 4};
  auto y = torch::mm(s.make(), torch::ones({4, 4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
}

void sealed_keeps_its_invariant() {
  Sealed s;
  auto y = torch::mm(s.make(), torch::ones({4, 4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
}

void reference_written_double_used_with_float() {
  Sink k;
  rebind(k.dtype);
  auto y = torch::mm(k.make(), torch::ones({4, 4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
}

void loop_assigns_double_used_with_float() {
  for (int i = 0; i < 3; ++i) {
    Maker m;
    MAKE_DOUBLE(m);
    auto y = torch::mm(m.make(), torch::ones({4, 4}));
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
  }
}
