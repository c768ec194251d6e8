// RUN: %check_clang_tidy %s torchdtype-mixed-precision,torchdtype-module-input-dtype %t
// A virtual call on an object whose dynamic class is known runs that
// class's override: an object made by std::make_shared<D>, std::make_unique<D>
// or new D (held by a pointer to its base), a local D, and what a call gives
// a parameter or `this` of a method run on such an object. Where the class
// is not known (a pointer reassigned on a path the analysis cannot decide,
// a parameter of unknown callers), nothing is assumed.
#include <torch/torch.h>
#include <memory>
#include <string>

struct Policy {
  virtual ~Policy() = default;
  virtual torch::Dtype dtype() const = 0;
  torch::Tensor prepare(const torch::Tensor &b) const { return b.to(dtype()); }
};
struct Fp64Policy : Policy {
  torch::Dtype dtype() const override { return torch::kDouble; }
};
struct Fp32Policy : Policy {
  torch::Dtype dtype() const override { return torch::kFloat; }
};

void shared_ptr_to_base() {
  std::shared_ptr<Policy> p = std::make_shared<Fp64Policy>();
  auto x = torch::randn({2, 2}).to(p->dtype());
  auto y = torch::mm(torch::randn({2, 2}), x);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Double{{.*}} [torchdtype-mixed-precision]
}

void unique_ptr_through_a_base_method() {
  std::unique_ptr<Policy> p = std::make_unique<Fp64Policy>();
  auto y = torch::mm(torch::randn({2, 2}), p->prepare(torch::randn({2, 2})));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Double{{.*}} [torchdtype-mixed-precision]
}

double evaluate(torch::nn::Linear model, const Policy &policy) {
  auto x = policy.prepare(torch::randn({3, 4}));
  auto out = model->forward(x);
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: module 'model' has Float parameters but gets a Double input{{.*}} [torchdtype-module-input-dtype]
  return out.sum().item<double>();
}

void reference_parameter() {
  torch::nn::Linear model(4, 2);
  Policy *p = new Fp64Policy();
  evaluate(model, *p);
  delete p;
}

void fp32_policy_negative() {
  torch::nn::Linear model(4, 2);
  auto p = std::make_shared<Fp32Policy>();
  evaluate(model, *p);
  std::shared_ptr<Policy> q = std::make_shared<Fp32Policy>();
  auto y = torch::mm(torch::randn({2, 2}), q->prepare(torch::randn({2, 2})));
}

void local_object() {
  Fp64Policy local;
  const Policy &base = local;
  auto y = torch::mm(torch::randn({2, 2}), local.prepare(torch::randn({2, 2})));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Double{{.*}} [torchdtype-mixed-precision]
}

void unknown_callers_negative(const Policy &policy) {
  auto y = torch::mm(torch::randn({2, 2}), policy.prepare(torch::randn({2, 2})));
}

// Branches: each path has its class.
void chosen_on_a_flag(bool wide) {
  std::shared_ptr<Policy> p = std::make_shared<Fp32Policy>();
  if (wide)
    p = std::make_shared<Fp64Policy>();
  auto y = torch::mm(torch::randn({2, 2}), p->prepare(torch::randn({2, 2})));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Double{{.*}} [torchdtype-mixed-precision]
}

void reassigned_out_of_sight_negative(std::shared_ptr<Policy> &out) {
  std::shared_ptr<Policy> p = std::make_shared<Fp64Policy>();
  std::swap(p, out); // may hold anything now
  auto y = torch::mm(torch::randn({2, 2}), p->prepare(torch::randn({2, 2})));
}

// A loop, a template, a lambda and a macro around the call.
void in_a_loop() {
  std::shared_ptr<Policy> p = std::make_shared<Fp64Policy>();
  for (int i = 0; i < 2; ++i) {
    auto y = torch::mm(torch::randn({2, 2}), p->prepare(torch::randn({2, 2})));
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'mm' requires operands of the same dtype but gets Float and Double{{.*}} [torchdtype-mixed-precision]
  }
}

template <typename P> torch::Tensor through_template(const P &policy) {
  return torch::mm(torch::randn({2, 2}), policy.prepare(torch::randn({2, 2})));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'mm' requires operands of the same dtype but gets Float and Double{{.*}} [torchdtype-mixed-precision]
}

void template_caller() {
  std::shared_ptr<Policy> p = std::make_shared<Fp64Policy>();
  through_template<Policy>(*p);
}

void in_a_lambda() {
  auto run = [] {
    std::shared_ptr<Policy> p = std::make_shared<Fp64Policy>();
    return torch::mm(torch::randn({2, 2}), p->prepare(torch::randn({2, 2})));
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Double{{.*}} [torchdtype-mixed-precision]
  };
  run();
}

#define PREPARE(policy, x) (policy)->prepare(x)

void through_a_macro() {
  auto p = std::shared_ptr<Policy>(new Fp64Policy());
  auto y = torch::mm(torch::randn({2, 2}), PREPARE(p, torch::randn({2, 2})));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Double{{.*}} [torchdtype-mixed-precision]
}

// A qualified call is not virtual: Policy::prepare's base dtype() is
// called on the object, whatever its class, but Base::f() names one body.
struct Half64 : Fp64Policy {
  torch::Dtype dtype() const override { return torch::kHalf; }
  torch::Dtype base_dtype() const { return Fp64Policy::dtype(); }
};

void qualified_call() {
  std::shared_ptr<Policy> p = std::make_shared<Half64>();
  auto *h = static_cast<Half64 *>(p.get());
  auto x = torch::randn({2, 2}).to(h->base_dtype());
  auto y = torch::mm(torch::randn({2, 2}), x);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Double{{.*}} [torchdtype-mixed-precision]
}

// A factory whose paths, for the name it is given, return one class: the
// object it makes has that class.
std::unique_ptr<Policy> make_policy(const std::string &name) {
  if (name == "fp64")
    return std::make_unique<Fp64Policy>();
  return std::make_unique<Fp32Policy>();
}

void factory_picks_the_class() {
  auto p = make_policy("fp64");
  auto y = torch::mm(torch::randn({2, 2}), p->prepare(torch::randn({2, 2})));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Double{{.*}} [torchdtype-mixed-precision]
}

void factory_picks_the_class_negative() {
  auto p = make_policy("fp32");
  auto y = torch::mm(torch::randn({2, 2}), p->prepare(torch::randn({2, 2})));
}

// An override that runs the base's conversion of a module (Base::apply):
// the module ends as the object's dtype() says.
struct ModulePolicy {
  virtual ~ModulePolicy() = default;
  virtual torch::Dtype dtype() const { return torch::kFloat; }
  virtual void apply(torch::nn::Module &m) const { m.to(dtype()); }
};
struct DoubleModulePolicy : ModulePolicy {
  torch::Dtype dtype() const override { return torch::kDouble; }
  void apply(torch::nn::Module &m) const override { ModulePolicy::apply(m); }
};

std::unique_ptr<ModulePolicy> make_module_policy(bool wide) {
  if (wide)
    return std::make_unique<DoubleModulePolicy>();
  return std::make_unique<ModulePolicy>();
}

void override_runs_the_base_conversion_negative() {
  torch::nn::Linear fc(4, 2);
  auto p = make_module_policy(true);
  p->apply(*fc);
  auto y = fc->forward(torch::randn({3, 4}, torch::kDouble));
}

void override_runs_the_base_conversion() {
  torch::nn::Linear fc(4, 2);
  auto p = make_module_policy(true);
  p->apply(*fc);
  auto y = fc->forward(torch::randn({3, 4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module 'fc' has Double parameters but gets a Float input{{.*}} [torchdtype-module-input-dtype]
}

// A virtual method with a body of its own, overridden here: on an object of
// unknown class (a reference to the base) either body may run.
struct Scaler {
  virtual ~Scaler() = default;
  virtual torch::Dtype dtype() const { return torch::kFloat; }
  torch::Tensor cast(const torch::Tensor &t) const { return t.to(dtype()); }
};
struct WideScaler : Scaler {
  torch::Dtype dtype() const override { return torch::kDouble; }
};

void base_body_of_unknown_class_negative(const Scaler &s) {
  auto x = torch::randn({2, 2}, torch::kDouble);
  auto y = torch::mm(x, s.cast(torch::randn({2, 2})));
}

void object_of_the_class_itself() {
  WideScaler s;
  auto y = torch::mm(torch::randn({2, 2}), s.cast(torch::randn({2, 2})));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Double{{.*}} [torchdtype-mixed-precision]
}

// ---- A function taking the base, called with a known derived object -------

// evaluate() calls forward() on a reference to the base; called with a D,
// it runs D's override with its own float32 input, which meets D's float64
// table there. Called with an E (float32 throughout), or from a caller that
// does not know the class, nothing is found.
struct Regressor {
  virtual ~Regressor() = default;
  virtual torch::Tensor forward(const torch::Tensor &x) const = 0;
};
struct Float64Head : Regressor {
  torch::Tensor forward(const torch::Tensor &x) const override {
    return torch::mm(x, torch::ones({4, 4}, torch::kDouble));
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
  }
};
struct Float32Head : Regressor {
  torch::Tensor forward(const torch::Tensor &x) const override {
    return torch::mm(x, torch::ones({4, 4}));
  }
};
void evaluate(const Regressor &model) { model.forward(torch::randn({5, 4})); }

void evaluated_with_a_float64_head() {
  Float64Head head;
  evaluate(head);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: in this call of 'evaluate'
}
void evaluated_with_a_float32_head_negative() {
  Float32Head head;
  evaluate(head);
}
void evaluated_with_any_head_negative(const Regressor &some) { evaluate(some); }

// ---- A struct's policy member beside a module member ------------------------

// A const method of the module a holder field points to (the optimizer
// given its parameters) reads the struct: the policy's class stays known.
struct Pipeline {
  std::shared_ptr<Policy> policy;
  torch::nn::Linear head{nullptr};
  torch::Tensor step(const torch::Tensor &b) {
    return torch::mm(torch::randn({2, 2}), policy->prepare(b));
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Double{{.*}} [torchdtype-mixed-precision]
  }
};
void holder_field_read_through_arrow() {
  Pipeline pipe;
  pipe.policy = std::make_shared<Fp64Policy>();
  pipe.head = torch::nn::Linear(2, 2);
  torch::optim::SGD opt(pipe.head->parameters(), torch::optim::SGDOptions(0.1));
  bool training = pipe.head->is_training();
  pipe.step(torch::randn({2, 2}));
  // CHECK-MESSAGES: :[[@LINE-1]]:8: note: in this call of 'step'
}
void holder_field_changed_through_arrow_negative(bool wide) {
  // A non-const method of the module: what else it changes is not followed.
  Pipeline pipe;
  pipe.policy = std::make_shared<Fp64Policy>();
  pipe.head = torch::nn::Linear(2, 2);
  pipe.head->train(wide);
  pipe.step(torch::randn({2, 2}));
}
