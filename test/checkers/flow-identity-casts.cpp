// torchdtype-mixed-precision: std::move, std::forward and std::as_const give
// their argument itself, so a tensor keeps its dtype through them: into a
// variable, an assignment, an op's operand, a setter's member, a forwarding
// template's result; std::swap exchanges two variables' values.
// RUN: %check_clang_tidy %s torchdtype-mixed-precision %t
#include <torch/torch.h>
#include <utility>
#include <vector>

struct Holder {
  torch::Tensor t_;
  void put(torch::Tensor v) { t_ = std::move(v); }
  const torch::Tensor &get() const { return t_; }
};

template <typename T> T relay(T &&t) { return std::forward<T>(t); }

#define TAKE(x) std::move(x)

// ---- Positives ------------------------------------------------------------

void moved_into_a_variable() {
  auto x = torch::randn({10, 4});
  auto v = torch::randn({4, 3}, torch::kDouble);
  torch::Tensor w = std::move(v);
  torch::mm(x, w);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
}

void moved_by_assignment() {
  auto x = torch::randn({10, 4});
  auto v = torch::randn({4, 3}, torch::kDouble);
  torch::Tensor w;
  w = std::move(v);
  torch::mm(x, w);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
}

void moved_operand() {
  auto x = torch::randn({10, 4});
  auto v = torch::randn({4, 3}, torch::kDouble);
  torch::mm(x, std::move(v));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
}

void moved_into_a_member_by_a_setter() {
  auto x = torch::randn({10, 4});
  Holder h;
  h.put(torch::randn({4, 3}, torch::kDouble));
  torch::mm(x, h.get());
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
}

void forwarded_by_a_template() {
  auto x = torch::randn({10, 4});
  auto w = relay(torch::randn({4, 3}, torch::kDouble));
  torch::mm(x, w);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
}

void as_const_then_converted() {
  auto x = torch::randn({10, 4});
  torch::mm(x, std::as_const(x).t().to(torch::kDouble));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
}

void moved_through_a_macro() {
  auto x = torch::randn({10, 4});
  auto v = torch::randn({4, 3}, torch::kDouble);
  auto w = TAKE(v);
  torch::mm(x, w);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
}

void moved_on_one_branch(bool wide) {
  auto x = torch::randn({10, 4});
  auto v = torch::randn({4, 3}, torch::kDouble);
  torch::Tensor w = torch::randn({4, 3}, torch::kDouble);
  if (wide)
    w = std::move(v);
  torch::mm(x, w);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
}

void moved_in_a_loop() {
  std::vector<torch::Tensor> acc;
  auto x = torch::randn({10, 4});
  for (int i = 0; i < 3; ++i) {
    auto v = torch::randn({4, 3}, torch::kDouble);
    auto w = std::move(v);
    acc.push_back(torch::mm(x, w));
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
  }
}

void moved_in_a_lambda() {
  auto x = torch::randn({10, 4});
  auto run = [&x](torch::Tensor v) {
    torch::Tensor w = std::move(v);
    return torch::mm(x, w);
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
  };
  run(torch::randn({4, 3}, torch::kDouble));
}

void swapped_variables() {
  auto a = torch::randn({10, 4});
  auto b = torch::randn({4, 3}, torch::kDouble);
  std::swap(a, b);
  torch::mm(b, a);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
}

// ---- Negatives ------------------------------------------------------------

void swapped_back() {
  auto a = torch::randn({10, 4});
  auto b = torch::randn({4, 3}, torch::kDouble);
  std::swap(a, b);
  torch::mm(a, torch::randn({3, 3}, torch::kDouble));
}

void moved_then_converted() {
  auto x = torch::randn({10, 4});
  auto v = torch::randn({4, 3}, torch::kDouble);
  torch::Tensor w = std::move(v).to(torch::kFloat);
  torch::mm(x, w);
}

void setter_given_float() {
  auto x = torch::randn({10, 4});
  Holder h;
  h.put(torch::randn({4, 3}));
  torch::mm(x, h.get());
}

void moved_on_one_branch_only_wide(bool wide) {
  auto x = torch::randn({10, 4});
  torch::Tensor w = torch::randn({4, 3});
  auto v = torch::randn({4, 3}, torch::kDouble);
  if (wide)
    w = std::move(v).to(torch::kFloat);
  torch::mm(x, w);
}
