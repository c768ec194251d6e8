// torchdtype-module-input-dtype: a method of the user's module that
// converts its own module (`to(dtype)` in `set_precision(dtype)`) leaves the
// module converted for its caller: its registered layers then have that
// dtype in forward. A method that converts it on some paths only leaves it
// unknown, and nothing is reported.
// RUN: %check_clang_tidy %s torchdtype-module-input-dtype %t
#include <torch/torch.h>

bool flag();

struct RegressorImpl : torch::nn::Module {
  RegressorImpl() { fc = register_module("fc", torch::nn::Linear(4, 1)); }
  void set_precision(torch::Dtype dtype) { to(dtype); }
  void to_double() { to(torch::kDouble); }
  void maybe_double() {
    if (flag())
      to(torch::kDouble);
  }
  void configure(bool fp64) {
    if (fp64)
      set_precision(torch::kDouble);
  }
  torch::Tensor forward(const torch::Tensor &x) {
    return fc(x);
  }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Regressor);

// A plain class holding the model converts it through the model's method.
class Trainer {
public:
  void use_double() { model_->set_precision(torch::kDouble); }
  torch::Tensor predict(const torch::Tensor &x) { return model_->forward(x); }

private:
  Regressor model_;
};

#define TO_DOUBLE(m) (m)->to_double()

// ---- Positives -------------------------------------------------------------------

void set_precision_double_fed_float() {
  Regressor r;
  r->set_precision(torch::kDouble);
  auto y = r->fc(torch::ones({2, 4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module 'r->fc' has Double parameters but gets a Float input; {{.*}} [torchdtype-module-input-dtype]
}

void to_double_fed_float() {
  Regressor r;
  r->to_double();
  auto y = r->fc(torch::ones({2, 4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module 'r->fc' has Double parameters but gets a Float input; {{.*}} [torchdtype-module-input-dtype]
}

void configure_true_fed_float() {
  Regressor r;
  r->configure(true);
  auto y = r->fc(torch::ones({2, 4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module 'r->fc' has Double parameters but gets a Float input; {{.*}} [torchdtype-module-input-dtype]
}

void macro_fed_float() {
  Regressor r;
  TO_DOUBLE(r);
  auto y = r->fc(torch::ones({2, 4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module 'r->fc' has Double parameters but gets a Float input; {{.*}} [torchdtype-module-input-dtype]
}

// ---- Negatives -----------------------------------------------------------------

void set_precision_double_fed_double() {
  Regressor r;
  r->set_precision(torch::kDouble);
  auto y = r->forward(torch::ones({2, 4}, torch::kDouble));
}

void set_precision_float_fed_float() {
  Regressor r;
  r->set_precision(torch::kFloat);
  auto y = r->forward(torch::ones({2, 4}));
}

void configure_false_fed_float() {
  Regressor r;
  r->configure(false);
  auto y = r->forward(torch::ones({2, 4}));
}

void maybe_double_is_unknown() {
  Regressor r;
  r->maybe_double();
  auto y = r->forward(torch::ones({2, 4}));
  auto z = r->forward(torch::ones({2, 4}, torch::kDouble));
}

void loop_converts_and_feeds_double() {
  for (int i = 0; i < 3; ++i) {
    Regressor r;
    r->to_double();
    auto y = r->forward(torch::ones({2, 4}, torch::kDouble));
  }
}

void lambda_converts_and_feeds_double() {
  auto run = [] {
    Regressor r;
    r->set_precision(torch::kDouble);
    return r->forward(torch::ones({2, 4}, torch::kDouble));
  };
  run();
}

template <typename M> void template_converts_and_feeds_double() {
  M r;
  r->to_double();
  auto y = r->forward(torch::ones({2, 4}, torch::kDouble));
}
template void template_converts_and_feeds_double<Regressor>();

void trainer_double_fed_double() {
  Trainer t;
  t.use_double();
  auto y = t.predict(torch::ones({2, 4}, torch::kDouble));
}
