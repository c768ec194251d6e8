// RUN: %check_clang_tidy %s torchdtype-module-input-dtype %t
// A module of the user's whose forward is virtual: where the object was
// made as a class the path knows (std::make_shared<D>(), a D by value),
// a forward called through a pointer or reference to its base runs D's
// override, also in a function given the object. Where the class is not
// known (a parameter of no caller here), nothing is assumed. Each case
// has a class of its own, so that each finding is its own line.
#include <torch/torch.h>
#include <memory>

struct Head : torch::nn::Module {
  virtual ~Head() = default;
  virtual torch::Tensor forward(const torch::Tensor &x) = 0;
};

// Features scaled by a float64 buffer: the product is float64 and the
// float32 layer throws.
struct Scaled : Head {
  Scaled() : fc(register_module("fc", torch::nn::Linear(4, 1))) {
    scale = register_buffer("scale", torch::ones({4}, torch::kFloat64));
  }
  torch::nn::Linear fc;
  torch::Tensor scale;
};
#define SCALED_FORWARD                                                         \
  torch::Tensor forward(const torch::Tensor &x) override

struct ViaSharedPtr : Scaled {
  SCALED_FORWARD { return fc(x * scale); }
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: module 'fc' has Float parameters but gets a Double input{{.*}} [torchdtype-module-input-dtype]
};
struct ViaReference : Scaled {
  SCALED_FORWARD { return fc(x * scale); }
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: module 'fc' has Float parameters but gets a Double input{{.*}} [torchdtype-module-input-dtype]
};
struct ViaPointer : Scaled {
  SCALED_FORWARD { return fc(x * scale); }
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: module 'fc' has Float parameters but gets a Double input{{.*}} [torchdtype-module-input-dtype]
};
struct ByValue : Scaled {
  SCALED_FORWARD { return fc(x * scale); }
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: module 'fc' has Float parameters but gets a Double input{{.*}} [torchdtype-module-input-dtype]
};
struct OnAFlag : Scaled {
  SCALED_FORWARD { return fc(x * scale); }
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: module 'fc' has Float parameters but gets a Double input{{.*}} [torchdtype-module-input-dtype]
};
struct InALoop : Scaled {
  SCALED_FORWARD { return fc(x * scale); }
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: module 'fc' has Float parameters but gets a Double input{{.*}} [torchdtype-module-input-dtype]
};
struct InATemplate : Scaled {
  SCALED_FORWARD { return fc(x * scale); }
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: module 'fc' has Float parameters but gets a Double input{{.*}} [torchdtype-module-input-dtype]
};
struct InALambda : Scaled {
  SCALED_FORWARD { return fc(x * scale); }
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: module 'fc' has Float parameters but gets a Double input{{.*}} [torchdtype-module-input-dtype]
};
struct InAMacro : Scaled {
  SCALED_FORWARD { return fc(x * scale); }
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: module 'fc' has Float parameters but gets a Double input{{.*}} [torchdtype-module-input-dtype]
};
// Made by nobody here: its forward is judged only for what it is given.
struct NeverMade : Scaled {
  SCALED_FORWARD { return fc(x * scale); }
};

struct Plain : Head {
  Plain() : fc(register_module("fc", torch::nn::Linear(4, 1))) {}
  torch::Tensor forward(const torch::Tensor &x) override { return fc(x); }
  torch::nn::Linear fc;
};

torch::Tensor evaluate(Head &model, const torch::Tensor &x) {
  return model.forward(x);
}

double evaluate_ptr(Head *model, const torch::Tensor &x) {
  return model->forward(x).sum().item<double>();
}

void shared_ptr_to_base() {
  std::shared_ptr<Head> h = std::make_shared<ViaSharedPtr>();
  h->forward(torch::randn({2, 4}));
}

void reference_given_to_a_function() {
  auto h = std::make_shared<ViaReference>();
  evaluate(*h, torch::randn({2, 4}));
}

void pointer_given_to_a_function() {
  auto h = std::make_shared<ViaPointer>();
  evaluate_ptr(h.get(), torch::randn({2, 4}));
}

void local_object_by_value() {
  ByValue h;
  evaluate(h, torch::randn({2, 4}));
}

void other_class_negative() {
  std::shared_ptr<Head> h = std::make_shared<Plain>();
  h->forward(torch::randn({2, 4}));
  auto p = std::make_shared<Plain>();
  evaluate(*p, torch::randn({2, 4}));
}

void unknown_class_negative(Head &model) { model.forward(torch::randn({2, 4})); }

// Float64 input to a model whose own forward takes float64: no finding.
void double_input_to_the_plain_class_negative() {
  std::shared_ptr<Head> h = std::make_shared<Plain>();
  h->to(torch::kFloat64);
  h->forward(torch::randn({2, 4}, torch::kFloat64));
}

// Branches: the path that made the scaled class runs its forward.
void chosen_on_a_flag(bool scaled) {
  std::shared_ptr<Head> h = std::make_shared<Plain>();
  if (scaled)
    h = std::make_shared<OnAFlag>();
  evaluate(*h, torch::randn({2, 4}));
}

// A loop, a template, a lambda and a macro around the call.
void in_a_loop() {
  std::shared_ptr<Head> h = std::make_shared<InALoop>();
  for (int i = 0; i < 3; ++i)
    h->forward(torch::randn({2, 4}));
}

template <typename M> torch::Tensor run_template(M &m) {
  return m.forward(torch::randn({2, 4}));
}

void template_caller() {
  auto h = std::make_shared<InATemplate>();
  run_template<Head>(*h);
}

void in_a_lambda() {
  auto h = std::make_shared<InALambda>();
  auto run = [](Head &m) { return m.forward(torch::randn({2, 4})); };
  run(*h);
}

#define FORWARD(m, x) (m)->forward(x)

void through_a_macro() {
  std::shared_ptr<Head> h = std::make_shared<InAMacro>();
  FORWARD(h, torch::randn({2, 4}));
}

// A base's forward calling a hook its subclass overrides: run for a module
// made as the subclass, the hook is the subclass's.
struct HookedImpl : torch::nn::Module {
  HookedImpl() : fc(register_module("fc", torch::nn::Linear(4, 2))) {}
  torch::Tensor forward(const torch::Tensor &x) { return fc(prepare(x)); }
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: module 'fc' has Float parameters but gets a Double input{{.*}} [torchdtype-module-input-dtype]
  virtual torch::Tensor prepare(const torch::Tensor &x) { return x; }
  torch::nn::Linear fc;
};
struct WideningHook : HookedImpl {
  torch::Tensor prepare(const torch::Tensor &x) override {
    return x.to(torch::kDouble);
  }
};
struct ScalingHook : HookedImpl {
  torch::Tensor prepare(const torch::Tensor &x) override { return x * 2; }
};

void hook_of_the_subclass() {
  auto m = std::make_shared<WideningHook>();
  m->forward(torch::randn({3, 4}));
}

void hook_that_keeps_the_dtype_negative() {
  std::shared_ptr<HookedImpl> m = std::make_shared<ScalingHook>();
  m->forward(torch::randn({3, 4}));
  auto base = std::make_shared<HookedImpl>();
  base->forward(torch::randn({3, 4}));
}

// Made by a factory whose class the flag given picks: the call's own run
// gives the class.
struct PickedImpl : torch::nn::Module {
  PickedImpl() : fc(register_module("fc", torch::nn::Linear(4, 2))) {}
  torch::Tensor forward(const torch::Tensor &x) { return fc(prepare(x)); }
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: module 'fc' has Float parameters but gets a Double input{{.*}} [torchdtype-module-input-dtype]
  virtual torch::Tensor prepare(const torch::Tensor &x) { return x; }
  torch::nn::Linear fc;
};
struct PickedWidening : PickedImpl {
  torch::Tensor prepare(const torch::Tensor &x) override {
    return x.to(torch::kDouble);
  }
};
struct PickedScaling : PickedImpl {
  torch::Tensor prepare(const torch::Tensor &x) override { return x * 2; }
};

std::shared_ptr<PickedImpl> make_picked(bool widen) {
  if (widen)
    return std::make_shared<PickedWidening>();
  return std::make_shared<PickedScaling>();
}

void hook_of_the_factory_class() {
  auto m = make_picked(true);
  m->forward(torch::randn({3, 4}));
}

void hook_of_the_other_factory_class_negative(bool widen) {
  auto m = make_picked(false);
  m->forward(torch::randn({3, 4}));
  auto n = make_picked(widen); // either class: not known
  n->forward(torch::randn({3, 4}));
}
