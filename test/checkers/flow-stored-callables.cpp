// torchdtype-mixed-precision: a std::function runs the lambda the path
// knows it holds: a local assigned one (on each path its own), a parameter
// a caller gives one, what a function returns, and a member every write of
// the unit gives the same lambda (in the class, a constructor, `obj.f =`).
// One that may hold another lambda, or anything else, is not judged.
// RUN: %check_clang_tidy %s torchdtype-mixed-precision %t
#include <torch/torch.h>
#include <functional>
#include <vector>

using Step = std::function<torch::Tensor(const torch::Tensor &)>;

#define MAKE_PROJECTION(w)                                                     \
  [w](const torch::Tensor &x) { return torch::mm(x, w); }

// ---- Positives ------------------------------------------------------------

// A member assigned one lambda in the constructor, called through a const
// reference to the object in another function.
struct Block {
  torch::Tensor weight = torch::randn({4, 4}, torch::kDouble);
  Step project;
  Block() {
    project = [this](const torch::Tensor &x) { return torch::mm(x, weight); };
    // CHECK-MESSAGES: :[[@LINE-1]]:55: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
  }
};
torch::Tensor run_block(const Block &b) {
  return b.project(torch::randn({2, 4}));
}

// A parameter its caller gives a lambda.
torch::Tensor apply_step(const Step &step, const torch::Tensor &x) {
  return step(x);
}
void parameter_given_lambda() {
  auto w = torch::randn({4, 4}, torch::kDouble);
  apply_step([w](const torch::Tensor &x) { return torch::mm(x, w); },
             // CHECK-MESSAGES: :[[@LINE-1]]:51: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
             torch::randn({2, 4}));
}

// What a function returns: the lambda of its one return.
Step make_head() {
  return [](const torch::Tensor &x) {
    return torch::mm(x, torch::randn({4, 4}, torch::kDouble));
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
  };
}
void returned_lambda() {
  Step head = make_head();
  head(torch::randn({2, 4}));
}

// Assigned on one branch: the path that took it runs it.
void assigned_on_a_branch(bool project) {
  auto w = torch::randn({4, 4}, torch::kDouble);
  Step f = [](const torch::Tensor &x) { return x; };
  if (project)
    f = [&w](const torch::Tensor &x) { return torch::mm(x, w); };
  // CHECK-MESSAGES: :[[@LINE-1]]:47: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
  auto y = f(torch::randn({2, 4}));
}

// In a loop, and from a macro.
void called_in_a_loop() {
  auto w = torch::randn({4, 4}, torch::kDouble);
  Step f = MAKE_PROJECTION(w);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
  for (int i = 0; i < 3; ++i)
    f(torch::randn({2, 4}));
}

// A function template given a lambda.
template <typename Fn> torch::Tensor run_twice(const Fn &f, torch::Tensor x) {
  return f(f(x));
}
void template_given_function() {
  auto w = torch::randn({4, 4}, torch::kDouble);
  Step f = [&w](const torch::Tensor &x) { return torch::mm(x, w); };
  // CHECK-MESSAGES: :[[@LINE-1]]:50: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
  run_twice(f, torch::randn({4, 4}));
}

// ---- Negatives ------------------------------------------------------------

// A member given its lambda in the constructor's initializer list: what
// its by-value capture of the constructor's parameter holds is not known
// where it is called.
struct Scaler {
  explicit Scaler(torch::Tensor w)
      : apply([w](const torch::Tensor &x) { return torch::mm(x, w); }) {}
  Step apply;
};
torch::Tensor run_scaler(const Scaler &s, const torch::Tensor &x) {
  return s.apply(x.to(torch::kDouble));
}
void use_scaler() { run_scaler(Scaler(torch::randn({4, 4})), torch::randn({2, 4})); }

// A member two lambdas are written to: which one runs is not known here.
struct Either {
  Step act;
  explicit Either(bool wide) {
    if (wide)
      act = [](const torch::Tensor &x) {
        return torch::mm(x, torch::randn({4, 4}, torch::kDouble));
      };
    else
      act = [](const torch::Tensor &x) { return x; };
  }
};
torch::Tensor run_either(const Either &e) { return e.act(torch::randn({2, 4})); }

// A member also given a caller's function.
struct Settable {
  Step act = [](const torch::Tensor &x) {
    return torch::mm(x, torch::randn({4, 4}, torch::kDouble));
  };
  void set(Step s) { act = std::move(s); }
};
torch::Tensor run_settable(const Settable &s) { return s.act(torch::randn({2, 4})); }

// A member a non-const reference escapes through.
struct Leaky {
  Step act = [](const torch::Tensor &x) {
    return torch::mm(x, torch::randn({4, 4}, torch::kDouble));
  };
};
void replace(Step &s);
torch::Tensor run_leaky(Leaky &l) {
  replace(l.act);
  return l.act(torch::randn({2, 4}));
}

// Reassigned on every path with lambdas that keep the dtypes apart.
void reassigned_on_every_path(bool wide) {
  auto w = torch::randn({4, 4}, torch::kDouble);
  Step f = [&w](const torch::Tensor &x) { return torch::mm(x, w); };
  if (wide)
    f = [](const torch::Tensor &x) { return x; };
  else
    f = [&w](const torch::Tensor &x) { return torch::mm(x.to(w.dtype()), w); };
  f(torch::randn({2, 4}));
}

// A parameter no caller here gives a lambda.
torch::Tensor opaque_step(const Step &step) {
  return step(torch::randn({2, 4}));
}

// The lambda's operands agree where it runs.
void agreeing_operands() {
  Step f = [](const torch::Tensor &x) {
    return torch::mm(x, torch::randn({4, 4}));
  };
  f(torch::randn({2, 4}));
}
