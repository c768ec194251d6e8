// torchdtype-mixed-precision: a plain object held in a variable carries its
// fields through method calls. A non-const method leaves in them what its
// run for this call (the object's fields, the arguments, autocast) left;
// a method's ops are judged with the object's fields.
// RUN: %check_clang_tidy %s torchdtype-mixed-precision %t
// REAL-VERSION: >=2.6
#include <torch/torch.h>

bool flag();
void opaque(struct Standardizer &s);

struct Standardizer {
  torch::Tensor mean, scale;
  void fit(const torch::Tensor &x) {
    mean = x.mean(0);
    scale = x.abs().mean(0);
  }
  torch::Tensor apply(const torch::Tensor &x) const {
    return torch::mm(x, scale.unsqueeze(1)) - mean.sum();
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
    // CHECK-MESSAGES: :[[@LINE+21]]:14: note: in this call of 'apply'
  }
  void to_float() {
    mean = mean.to(torch::kFloat);
    scale = scale.to(torch::kFloat);
  }
};

// ---- Positives ------------------------------------------------------------

void fitted_on_double_read_outside() {
  Standardizer s;
  s.fit(torch::randn({8, 4}, torch::kDouble));
  auto y = torch::mm(torch::randn({2, 4}), s.scale.unsqueeze(1));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
  // CHECK-MESSAGES: :[[@LINE-3]]:5: note: operand 's.scale.unsqueeze(1)' has dtype Double from here
}

void fitted_on_double_applied_to_float() {
  Standardizer s;
  s.fit(torch::randn({8, 4}, torch::kDouble));
  auto y = s.apply(torch::randn({2, 4}));
}

// ---- Negatives ------------------------------------------------------------

void fitted_on_float() {
  Standardizer s;
  s.fit(torch::randn({8, 4}));
  auto y = s.apply(torch::randn({2, 4}));
  auto z = torch::mm(torch::randn({2, 4}), s.scale.unsqueeze(1));
}

void converted_back_by_a_method() {
  Standardizer s;
  s.fit(torch::randn({8, 4}, torch::kDouble));
  s.to_float();
  auto y = s.apply(torch::randn({2, 4}));
  auto z = torch::mm(torch::randn({2, 4}), s.scale.unsqueeze(1));
}

void changed_by_unknown_code() {
  Standardizer s;
  s.fit(torch::randn({8, 4}, torch::kDouble));
  opaque(s);
  auto z = torch::mm(torch::randn({2, 4}), s.scale.unsqueeze(1));
}

void fitted_on_one_branch_then_converted() {
  Standardizer s;
  s.fit(torch::randn({8, 4}));
  if (flag())
    s.fit(torch::randn({8, 4}, torch::kDouble));
  s.to_float();
  auto y = s.apply(torch::randn({2, 4}));
}

void another_object() {
  Standardizer a, b;
  a.fit(torch::randn({8, 4}, torch::kDouble));
  b.fit(torch::randn({8, 4}));
  auto y = b.apply(torch::randn({2, 4}));
}

void refit_in_a_loop() {
  Standardizer s;
  for (int i = 0; i < 3; ++i) {
    s.fit(torch::randn({8, 4}));
    auto y = s.apply(torch::randn({2, 4}));
  }
}

template <typename T> void fit_and_apply(const T &x) {
  Standardizer s;
  s.fit(x);
  auto y = s.apply(x);
}
void in_a_template() { fit_and_apply(torch::randn({8, 4}, torch::kDouble)); }

void in_a_lambda() {
  auto run = [] {
    Standardizer s;
    s.fit(torch::randn({8, 4}));
    return s.apply(torch::randn({2, 4}));
  };
  run();
}

#define FIT(S, X) (S).fit(X)
void through_a_macro() {
  Standardizer s;
  FIT(s, torch::randn({8, 4}));
  auto y = s.apply(torch::randn({2, 4}));
}

// ---- Positives on paths, in lambdas and macros ------------------------------
// (A warning stands at its op once: these read the field in the caller.)

void fitted_on_one_path(bool precise) {
  Standardizer s;
  if (precise)
    s.fit(torch::randn({8, 4}, torch::kDouble));
  else
    s.fit(torch::randn({8, 4}));
  auto y = torch::mm(torch::randn({2, 4}), s.scale.unsqueeze(1));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
  // CHECK-MESSAGES: :[[@LINE-5]]:7: note: operand 's.scale.unsqueeze(1)' has dtype Double from here
  // CHECK-MESSAGES: :[[@LINE-7]]:7: note: assuming 'precise' is true
}

void fitted_in_a_lambda() {
  auto run = [] {
    Standardizer s;
    s.fit(torch::randn({8, 4}, torch::kDouble));
    return torch::mm(torch::randn({2, 4}), s.scale.unsqueeze(1));
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
  };
  run();
}

void fitted_through_a_macro() {
  Standardizer s;
  FIT(s, torch::randn({8, 4}, torch::kDouble));
  auto y = torch::mm(torch::randn({2, 4}), s.scale.unsqueeze(1));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
}

template <typename T> void fit_then_read(const T &x) {
  Standardizer s;
  s.fit(x);
  auto y = torch::mm(torch::randn({2, 4}), s.scale.unsqueeze(1));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
}
void in_a_template_positive() {
  fit_then_read(torch::randn({8, 4}, torch::kDouble));
}

void fitted_again_in_a_loop() {
  Standardizer s;
  s.fit(torch::randn({8, 4}));
  for (int i = 0; i < 3; ++i) {
    auto y = torch::mm(torch::randn({2, 4}), s.scale.unsqueeze(1));
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
    // CHECK-MESSAGES: :[[@LINE-3]]:21: note: on the second or a later iteration of this loop
    s.fit(torch::randn({8, 4}, torch::kDouble));
  }
}

// A member set from a constructor's parameter is not that parameter in the
// class's other methods: `dtype` below is not operator()'s Long argument.
struct Conditioner {
  torch::Dtype dtype;
  explicit Conditioner(torch::Dtype d) : dtype(d) {}
  torch::Tensor operator()(const torch::Tensor &steps) {
    auto emb = steps.to(torch::kFloat).to(dtype);
    auto w = torch::randn({4, 4}, torch::kHalf);
    return torch::mm(emb, w); // Half only when dtype is
  }
};
void member_from_constructor_parameter_negative() {
  Conditioner c(torch::kHalf);
  auto out = c(torch::ones({2, 4}, torch::kLong));
}

// ---- A flag field as the object was made, until a method changes it ------

// `fitted_` is false as constructed: transform() returns its float64 input
// as it is, until fit() (a method whose body is here) may have changed the
// field; after it, the flag is not known.
class RunningNormalizer {
public:
  void fit(const torch::Tensor &sample) {
    mean_ = sample.mean(0);
    fitted_ = true;
  }
  torch::Tensor transform(const torch::Tensor &raw) const {
    if (!fitted_)
      return raw;
    return (raw - mean_).to(torch::kFloat32);
  }

private:
  torch::Tensor mean_;
  bool fitted_ = false;
};

void transformed_before_the_fit() {
  RunningNormalizer norm;
  auto window = torch::randn({4, 3}, torch::kDouble);
  auto features = norm.transform(window);
  torch::mm(features, torch::randn({3, 8}));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
  norm.fit(window);
}

void transformed_after_the_fit_negative() {
  RunningNormalizer norm;
  auto window = torch::randn({4, 3}, torch::kDouble);
  norm.fit(window);
  torch::mm(norm.transform(window), torch::randn({3, 8}));
}

// A flag and the state it guards changed together by a non-const method:
// what the method leaves in the flag on every path is known after the
// call, and a call that does not touch it keeps it.
class Widener {
public:
  void enable() {
    w_ = w_.to(torch::kDouble);
    wide_ = true;
  }
  torch::Tensor run(const torch::Tensor &x) {
    if (wide_)
      return torch::mm(x.to(torch::kDouble), w_);
    return torch::mm(x, w_);
  }

private:
  torch::Tensor w_ = torch::ones({3, 3});
  bool wide_ = false;
};

// The same, its weights widened without the flag: the float path throws.
class HalfWidener {
public:
  void enable_weights_only() { w_ = w_.to(torch::kDouble); }
  torch::Tensor run(const torch::Tensor &x) {
    if (wide_)
      return torch::mm(x.to(torch::kDouble), w_);
    return torch::mm(x, w_);
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
  }

private:
  torch::Tensor w_ = torch::ones({3, 3});
  bool wide_ = false;
};

void widened_together_negative() {
  Widener w;
  w.run(torch::ones({2, 3}));
  w.enable();
  w.run(torch::ones({2, 3}));
  w.run(torch::ones({2, 3}));
}

void widened_weights_only() {
  HalfWidener w;
  w.enable_weights_only();
  w.run(torch::ones({2, 3}));
}

// A method that hands `this` out: what it reaches may change the object
// anywhere later, so its fields are not followed.
struct Registry;
void enroll(struct Gate *g);
struct Gate {
  bool open_ = false;
  void publish() { enroll(this); }
  torch::Tensor pass(const torch::Tensor &x) const {
    return open_ ? x.to(torch::kFloat) : x;
  }
};
void gate_handed_out_negative() {
  Gate g;
  g.publish();
  torch::mm(g.pass(torch::randn({2, 2}, torch::kDouble)), torch::randn({2, 2}));
}
