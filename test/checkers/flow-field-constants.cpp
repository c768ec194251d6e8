// torchdtype-mixed-precision, torchdtype-module-input-dtype: a constant
// member (a flag, a number, an enum, a dtype) that every initializer and
// every write of its class's methods that may run give one value holds that
// value in a method analysed on its own: a branch on a flag no running
// method sets is not taken. Not so when code outside the class writes the
// member, when a method hands `this` out, or when an object of the class
// goes to code the unit does not show. A submodule a method of its module
// converts alone has no known dtype where the path did not see it.
// RUN: %check_clang_tidy %s torchdtype-mixed-precision,torchdtype-module-input-dtype %t
#include <torch/torch.h>

// `debug_` is false: no method that runs sets it.
class Scorer {
public:
  torch::Tensor score(const torch::Tensor &x) const {
    if (debug_)
      return torch::mm(x.to(torch::kDouble), w_);
    return torch::mm(x, w_);
  }
  void set_debug() { debug_ = true; } // never called

private:
  bool debug_ = false;
  torch::Tensor w_ = torch::ones({4, 4});
};

// `strict_` is true wherever the object is made.
class Checker {
public:
  Checker() : strict_(true) {}
  torch::Tensor check(const torch::Tensor &x) const {
    if (strict_)
      return torch::mm(x.to(torch::kDouble), w_);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
    return torch::mm(x, w_);
  }

private:
  bool strict_;
  torch::Tensor w_ = torch::ones({4, 4});
};

// Handed out: code elsewhere may set the flag.
struct Tracer;
void enroll(Tracer *t);
struct Tracer {
  bool verbose_ = false;
  void publish() { enroll(this); }
  torch::Tensor trace(const torch::Tensor &x) const {
    if (verbose_)
      return torch::mm(x.to(torch::kDouble), w_);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
    return x;
  }
  torch::Tensor w_ = torch::ones({4, 4});
};

// Given by reference to code the unit does not show.
struct Probe {
  bool wide_ = false;
  torch::Tensor run(const torch::Tensor &x) const {
    if (wide_)
      return torch::mm(x.to(torch::kDouble), w_);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
    return x;
  }
  torch::Tensor w_ = torch::ones({4, 4});
};
void configure(Probe &p);

// Its head converted alone by its own method, with the flag that says so.
struct DepthImpl : torch::nn::Module {
  DepthImpl() { head = register_module("head", torch::nn::Linear(4, 1)); }
  void enable_precise_head() {
    head->to(torch::kDouble);
    precise_ = true;
  }
  torch::Tensor forward(const torch::Tensor &x) {
    if (precise_)
      return head->forward(x.to(torch::kDouble)).to(torch::kFloat);
    return head->forward(x);
  }
  torch::nn::Linear head{nullptr};
  bool precise_ = false;
};
TORCH_MODULE(Depth);

#define SCORE(s, x) (s).score(x)

void use_all() {
  Scorer s;
  auto a = s.score(torch::ones({2, 4}));
  auto b = SCORE(s, torch::ones({2, 4}));
  for (int i = 0; i < 3; ++i)
    s.score(torch::ones({2, 4}));
  auto l = [&s] { return s.score(torch::ones({2, 4})); };
  l();
  Checker c;
  c.check(torch::ones({2, 4}));
  Tracer t;
  t.publish();
  t.trace(torch::ones({2, 4}));
  Probe p;
  configure(p);
  p.run(torch::ones({2, 4}));
  Depth d;
  auto y0 = d->forward(torch::ones({2, 4}));
  d->enable_precise_head();
  auto y1 = d->forward(torch::ones({2, 4}));
}

template <typename S> torch::Tensor score_with(const S &s) {
  return s.score(torch::ones({2, 4}));
}
template torch::Tensor score_with<Scorer>(const Scorer &);

int main() {
  use_all();
  return 0;
}
