// RUN: %check_clang_tidy %s torchdtype-mixed-precision,torchdtype-loss-target-dtype %t
// Tensors held in the fields of a plain struct: set field by field, built
// with braces, returned by helpers, passed to functions that read them.
#include <torch/torch.h>

struct Params {
  torch::Tensor weight;
  torch::Tensor bias;
};

struct Batch {
  torch::Tensor features;
  torch::Tensor labels;
};

// ---- Fields set one by one, read in the same function ---------------------

void fields_in_place() {
  Params p;
  p.weight = torch::randn({4, 4});
  p.bias = torch::randn({4}, torch::kDouble);
  auto y = torch::addmm(p.bias, torch::randn({2, 4}), p.weight);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'addmm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
  // CHECK-MESSAGES: :[[@LINE-3]]:30: note: operand 'bias' has dtype Double from here
}

void fields_fixed() {
  Params p;
  p.weight = torch::randn({4, 4});
  p.bias = torch::randn({4}, torch::kDouble);
  p.bias = p.bias.to(torch::kFloat);
  auto y = torch::addmm(p.bias, torch::randn({2, 4}), p.weight);
}

// Two values of one struct type are told apart.
void two_values() {
  Params a, b;
  a.weight = torch::randn({4, 4});
  b.weight = torch::randn({4, 4}, torch::kDouble);
  auto y = torch::mm(torch::randn({2, 4}), a.weight);
}

// ---- Built with braces and returned by helpers -----------------------------

Params init_params(int64_t n) {
  Params p;
  p.weight = torch::randn({n, n});
  p.bias = torch::rand({n}, torch::kDouble) * 0.1;
  return p;
}

Batch make_batch(int64_t n) {
  auto x = torch::randn({n, 4});
  return {x, (x.sum(1) > 0).to(torch::kLong)};
}

Batch make_float_batch(int64_t n) {
  auto x = torch::randn({n, 4});
  return Batch{x, (x.sum(1) > 0).to(torch::kFloat)};
}

void from_helpers() {
  auto b = make_batch(8);
  auto probs = torch::sigmoid(b.features.sum(1));
  auto l = torch::binary_cross_entropy(probs, b.labels);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'binary_cross_entropy' gets an input of dtype Float and a target of dtype Long; {{.*}} [torchdtype-loss-target-dtype]
  auto ok = make_float_batch(8);
  auto l2 = torch::binary_cross_entropy(torch::sigmoid(ok.features.sum(1)),
                                        ok.labels);
}

// ---- Passed to a function that reads the fields ----------------------------

torch::Tensor dense(const torch::Tensor &x, const Params &p) {
  return torch::addmm(p.bias, x, p.weight);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'addmm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
}

void calls_dense() {
  auto layer = init_params(4);
  auto y = dense(torch::randn({2, 4}), layer);
  Params fine;
  fine.weight = torch::randn({4, 4});
  fine.bias = torch::zeros({4});
  auto z = dense(torch::randn({2, 4}), fine);
}

// ---- Changed by code the analysis does not see -----------------------------

void load_into(Params &p);

void filled_elsewhere() {
  Params p;
  p.weight = torch::randn({4, 4}, torch::kDouble);
  load_into(p); // may replace the weight
  auto y = torch::mm(torch::randn({2, 4}), p.weight);
}

struct Stats {
  torch::Tensor mean;
  void refit(const torch::Tensor &x) { mean = x.mean(0); }
};

void method_changes_it(const torch::Tensor &data) {
  Stats s;
  s.mean = torch::zeros({4}, torch::kDouble);
  s.refit(data);
  auto y = torch::mm(torch::randn({2, 4}), s.mean.unsqueeze(1));
}

// ---- Branches and loops ----------------------------------------------------

void on_one_branch(bool fp64) {
  Params p = init_params(4);
  p.bias = torch::zeros({4});
  if (fp64)
    p.bias = p.bias.to(torch::kDouble);
  auto y = torch::addmm(p.bias, torch::randn({2, 4}), p.weight);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'addmm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
  // CHECK-MESSAGES: :[[@LINE-4]]:7: note: assuming 'fp64' is true
}

void in_loop() {
  auto b = make_batch(8);
  for (int step = 0; step < 3; ++step) {
    auto probs = torch::sigmoid(b.features.sum(1));
    auto l = torch::binary_cross_entropy(probs, b.labels.to(torch::kFloat));
  }
}

// ---- Templates, lambdas, macros --------------------------------------------

template <typename S> torch::Tensor first_of(const S &s) {
  return torch::mm(s.weight, torch::randn({4, 4}, torch::kDouble));
}
template torch::Tensor first_of(const Params &);

void in_lambda() {
  auto run = [](const Batch &b) {
    return torch::binary_cross_entropy(torch::sigmoid(b.features.sum(1)),
                                       b.labels.to(torch::kFloat));
  };
  run(make_batch(4));
}

#define BIAS_OF(p) (p).bias

void through_macro() {
  auto p = init_params(4);
  auto y = torch::addmm(BIAS_OF(p), torch::randn({2, 4}), p.weight);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'addmm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
}
