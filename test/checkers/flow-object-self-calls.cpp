// torchdtype-module-input-dtype: a method of a plain object calling another
// method of the same object (`configure()` calling `set_precision(d)`) keeps
// what that call left in the members: the callee's run for the call, with
// the members as the caller holds them, gives them back. The object held in
// a variable then carries them to its next use (`r.fc_->forward(x)`).
// RUN: %check_clang_tidy %s torchdtype-module-input-dtype %t
#include <torch/torch.h>

bool flag();

struct Config {
  bool reference = false;
};

class Runner {
public:
  Runner() : fc_(8, 4) {}
  void set_precision(torch::Dtype d) { fc_->to(d); }
  void use_reference() { set_precision(torch::kFloat64); }
  void configure(const Config &c) {
    if (c.reference)
      set_precision(torch::kFloat64);
  }
  void choose(bool reference) {
    if (reference)
      use_reference(); // two levels down
  }
  void round_trip() {
    set_precision(torch::kFloat64);
    set_precision(torch::kFloat32);
  }
  torch::nn::Linear fc_;
};

#define SETUP(r) (r).use_reference()

// ---- Positives ------------------------------------------------------------

void one_level() {
  Runner r;
  r.use_reference();
  r.fc_->forward(torch::randn({2, 8}));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: module '{{.*}}' has Double parameters but gets a Float input{{.*}}[torchdtype-module-input-dtype]
}

void from_a_config_field() {
  Config c;
  c.reference = true;
  Runner r;
  r.configure(c);
  r.fc_->forward(torch::randn({2, 8}));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: module '{{.*}}' has Double parameters but gets a Float input{{.*}}[torchdtype-module-input-dtype]
}

void two_levels_with_a_flag() {
  Runner r;
  r.choose(true);
  r.fc_->forward(torch::randn({2, 8}));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: module '{{.*}}' has Double parameters but gets a Float input{{.*}}[torchdtype-module-input-dtype]
}

void in_a_loop() {
  Runner r;
  r.use_reference();
  for (int i = 0; i < 3; ++i)
    r.fc_->forward(torch::randn({2, 8}));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: module '{{.*}}' has Double parameters but gets a Float input{{.*}}[torchdtype-module-input-dtype]
}

void in_a_lambda() {
  auto step = [] {
    Runner r;
    r.use_reference();
    r.fc_->forward(torch::randn({2, 8}));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: module '{{.*}}' has Double parameters but gets a Float input{{.*}}[torchdtype-module-input-dtype]
  };
  step();
}

// A class template's methods calling each other.
template <typename Tag> struct TaggedRunner {
  TaggedRunner() : fc_(8, 4) {}
  void set_precision(torch::Dtype d) { fc_->to(d); }
  void use_reference() { set_precision(torch::kFloat64); }
  torch::nn::Linear fc_;
};

void through_a_template() {
  TaggedRunner<int> r;
  r.use_reference();
  r.fc_->forward(torch::randn({2, 8}));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: module '{{.*}}' has Double parameters but gets a Float input{{.*}}[torchdtype-module-input-dtype]
}

void in_a_macro() {
  Runner r;
  SETUP(r);
  r.fc_->forward(torch::randn({2, 8}));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: module '{{.*}}' has Double parameters but gets a Float input{{.*}}[torchdtype-module-input-dtype]
}

// ---- Negatives ------------------------------------------------------------

void flag_left_false() {
  Runner r;
  r.choose(false);
  r.fc_->forward(torch::randn({2, 8}));
}

void unknown_flag() {
  Runner r;
  r.choose(flag()); // float64 or not: not known, not reported
  r.fc_->forward(torch::randn({2, 8}));
}

void set_back_to_float() {
  Runner r;
  r.round_trip();
  r.fc_->forward(torch::randn({2, 8}));
}

void input_of_the_same_dtype() {
  Runner r;
  r.use_reference();
  r.fc_->forward(torch::randn({2, 8}, torch::kFloat64));
}
