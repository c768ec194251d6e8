// Path sensitivity on loops over braced lists of constants: the variable of
// `for (double s : {0.1, 0.0})` holds each constant in turn, so where the
// body tests it or passes it to a function of the user's, each value is a
// path of its own (one that the loop really takes), and what only one value
// does is judged on its path.
// RUN: %check_clang_tidy %s torchdtype-mixed-precision %t
#include <torch/torch.h>
#include <string>

// ---- Positives ------------------------------------------------------------

torch::Tensor smooth(const torch::Tensor &x, double s) {
  if (s > 0.0)
    return x.to(torch::kFloat);
  return x;
}

void value_passed_to_a_callee() {
  torch::Tensor w = torch::ones({2, 2});
  torch::Tensor x = torch::ones({2, 2}, torch::kDouble);
  for (double s : {0.1, 0.0})
    torch::mm(smooth(x, s), w);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
}

void value_tested_in_the_body() {
  torch::Tensor w = torch::ones({2, 2});
  for (int bits : {32, 64, 16}) {
    torch::Tensor x = torch::ones({2, 2});
    if (bits == 64)
      x = x.to(torch::kDouble);
    torch::mm(x, w);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
    // CHECK-MESSAGES: :[[@LINE-6]]:24: note: assuming 'bits == 64' is true
  }
}

enum class Precision { Single, Double };

torch::Tensor make(Precision p) {
  if (p == Precision::Double)
    return torch::ones({2, 2}, torch::kDouble);
  return torch::ones({2, 2});
}

void enumerators() {
  for (auto p : {Precision::Single, Precision::Double})
    torch::mm(make(p), torch::ones({2, 2}));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
}

torch::Tensor by_name(const std::string &name) {
  if (name == "fp64")
    return torch::ones({2, 2}, torch::kDouble);
  return torch::ones({2, 2});
}

void strings() {
  for (const std::string name : {"fp32", "fp64"})
    torch::mm(by_name(name), torch::ones({2, 2}));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
}

void flags() {
  for (bool wide : {false, true}) {
    torch::Tensor x = torch::ones({2, 2});
    if (wide)
      x = x.to(torch::kDouble);
    torch::mm(x, torch::ones({2, 2}));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
    // CHECK-MESSAGES: :[[@LINE-6]]:28: note: assuming 'wide' is true
  }
}

template <typename T> void in_a_template() {
  torch::Tensor w = torch::ones({2, 2});
  for (T s : {T(1), T(0)})
    torch::mm(smooth(torch::ones({2, 2}, torch::kDouble), s), w);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
}
template void in_a_template<double>();

void in_a_lambda() {
  auto body = [](const torch::Tensor &w) {
    for (double s : {0.5, 0.0})
      torch::mm(smooth(torch::ones({2, 2}, torch::kDouble), s), w);
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
  };
  body(torch::ones({2, 2}));
}

#define EACH_SMOOTHING(s) for (double s : {0.2, 0.0})
void in_a_macro() {
  torch::Tensor w = torch::ones({2, 2});
  EACH_SMOOTHING(s)
    torch::mm(smooth(torch::ones({2, 2}, torch::kDouble), s), w);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
}

// ---- Negatives ------------------------------------------------------------

void every_value_converts() {
  torch::Tensor w = torch::ones({2, 2});
  torch::Tensor x = torch::ones({2, 2}, torch::kDouble);
  for (double s : {0.1, 0.5, 2.0})
    torch::mm(smooth(x, s), w);
}

void an_element_not_known(double user) {
  torch::Tensor w = torch::ones({2, 2});
  torch::Tensor x = torch::ones({2, 2}, torch::kDouble);
  for (double s : {0.1, user})
    torch::mm(smooth(x, s), w);
}

void the_branch_converts_back() {
  torch::Tensor w = torch::ones({2, 2});
  for (int bits : {32, 64}) {
    torch::Tensor x = torch::ones({2, 2});
    if (bits == 64)
      x = x.to(torch::kDouble);
    if (bits != 32)
      x = x.to(torch::kFloat);
    torch::mm(x, w);
  }
}

void nested_loops_keep_each_value() {
  torch::Tensor w = torch::ones({2, 2});
  for (double a : {0.1, 0.2})
    for (double b : {0.3, 0.4})
      torch::mm(smooth(smooth(torch::ones({2, 2}, torch::kDouble), a), b), w);
}
