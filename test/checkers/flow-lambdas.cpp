// torchdtype-mixed-precision: a lambda reads what it captured by reference
// as it is where the lambda is called (directly, or through a std::function
// variable that is never reassigned); a capture the function changes is not
// judged where the lambda was created.
// RUN: %check_clang_tidy %s torchdtype-mixed-precision %t
#include <torch/torch.h>
#include <map>
#include <string>
#include <functional>
#include <vector>

using Head = std::function<torch::Tensor(const torch::Tensor &)>;
void register_callback(const std::function<torch::Tensor()> &f);

// ---- Positives ------------------------------------------------------------

// A capture by reference that neither the function nor a lambda changes is,
// wherever the lambda runs, what it was made: judged in the lambda's body.
void unchanged_capture_called_elsewhere() {
  auto w = torch::randn({4, 4}, torch::kDouble);
  register_callback([&] {
    return torch::mm(torch::randn({2, 4}), w);
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
  });
}

void converted_before_the_call() {
  auto bank = torch::randn({100, 32});
  auto score = [&](const torch::Tensor &q) { return torch::mm(bank, q); };
  // CHECK-MESSAGES: :[[@LINE-1]]:53: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
  // CHECK-MESSAGES: :[[@LINE+3]]:12: note: in this call of 'score'
  bank = bank.to(torch::kDouble);
  auto q = torch::randn({32, 1});
  auto s = score(q);
}

void through_a_std_function() {
  auto projection = torch::randn({16, 4});
  Head head = [&projection](const torch::Tensor &x) {
    return torch::mm(x, projection);
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
    // CHECK-MESSAGES: :[[@LINE+5]]:16: note: in this call of 'head'
  };
  projection = projection.to(torch::kDouble);
  for (int i = 0; i < 2; ++i) {
    auto x = torch::randn({5, 16});
    auto out = head(x);
  }
}

template <typename F> torch::Tensor apply_twice(F f, const torch::Tensor &x) {
  return f(f(x));
}

#define SCORE(F, X) F(X)
void through_a_macro() {
  auto w = torch::randn({4, 4});
  auto f = [&](const torch::Tensor &x) { return torch::mm(x, w); };
  // CHECK-MESSAGES: :[[@LINE-1]]:49: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
  // CHECK-MESSAGES: :[[@LINE+2]]:18: note: in this call of 'f'
  w = w.to(torch::kDouble);
  auto y = SCORE(f, torch::randn({2, 4}));
}

// A capture by value of a variable the function never changes is, where
// the lambda is called, what it was made with.
void unchanged_capture_by_value() {
  auto m = torch::randn({8, 4});
  auto l = [m](const torch::Tensor &x) { return torch::mm(x, m); };
  // CHECK-MESSAGES: :[[@LINE-1]]:49: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
  l(torch::randn({5, 8}, torch::kDouble));
}

// A std::function made from a lambda variable (copied or moved): the call
// runs that lambda.
void function_from_named_lambda() {
  auto w = torch::randn({4, 4}, torch::kDouble);
  auto project = [&w](const torch::Tensor &x) {
    return torch::mm(x, w);
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
    // CHECK-MESSAGES: :[[@LINE+3]]:14: note: in this call of 'head'
  };
  Head head = std::move(project);
  auto out = head(torch::randn({2, 4}));
}

// ---- Negatives ------------------------------------------------------------

// A capture by value keeps what the variable held when the lambda was made,
// not what it holds at the call.
void capture_by_value_then_converted() {
  auto m = torch::randn({8, 4});
  auto l = [m](const torch::Tensor &x) { return torch::mm(x, m); };
  m = m.to(torch::kDouble);
  l(torch::randn({5, 8}));
}

void converted_back_before_the_call() {
  auto a = torch::randn({4, 4}, torch::kDouble);
  auto b = torch::randn({4, 4});
  auto f = [&] { return torch::mm(a, b); };
  a = a.to(torch::kFloat);
  f();
}

void captured_by_copy() {
  auto a = torch::randn({4, 4});
  auto b = torch::randn({4, 4});
  auto f = [=] { return torch::mm(a, b); };
  a = a.to(torch::kDouble);
  f();
}

void std_function_reassigned(bool wide) {
  auto w = torch::randn({4, 4});
  Head h = [&](const torch::Tensor &x) { return torch::mm(x, w); };
  if (wide)
    h = [](const torch::Tensor &x) { return x; };
  w = w.to(torch::kDouble);
  auto y = h(torch::randn({2, 4}, torch::kDouble));
}

void function_from_named_lambda_reassigned(bool wide) {
  // Each path calls the lambda it assigned: where `wide` is false, project
  // runs and throws.
  auto w = torch::randn({4, 4}, torch::kDouble);
  auto project = [&w](const torch::Tensor &x) { return torch::mm(x, w); };
  // CHECK-MESSAGES: :[[@LINE-1]]:56: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
  // CHECK-MESSAGES: :[[@LINE+4]]:14: note: in this call of 'head'
  Head head = project;
  if (wide)
    head = [](const torch::Tensor &x) { return x; };
  auto out = head(torch::randn({2, 4}));
}

void function_reassigned_on_every_path(bool wide) {
  // Both lambdas it may hold keep the dtypes apart: quiet.
  auto w = torch::randn({4, 4}, torch::kDouble);
  Head head = [&w](const torch::Tensor &x) { return torch::mm(x, w); };
  if (wide)
    head = [](const torch::Tensor &x) { return x; };
  else
    head = [](const torch::Tensor &x) { return x * 2; };
  auto out = head(torch::randn({2, 4}));
}

void called_elsewhere() {
  // Where the callback runs, w may have any dtype: not judged.
  auto w = torch::randn({4, 4});
  auto f = [&] { return torch::mm(torch::randn({2, 4}), w); };
  register_callback(f);
  w = w.to(torch::kDouble);
}

void capture_changed_by_another_lambda() {
  // Another lambda reassigns w: where the callback runs it may be either.
  auto w = torch::randn({4, 4}, torch::kDouble);
  auto narrow = [&] { w = w.to(torch::kFloat); };
  narrow();
  register_callback([&] { return torch::mm(torch::randn({2, 4}), w); });
}

void capture_changed_inside_the_lambda() {
  auto w = torch::randn({4, 4}, torch::kDouble);
  register_callback([&] {
    w = w.to(torch::kFloat);
    return torch::mm(torch::randn({2, 4}), w);
  });
}

void same_dtype_at_the_call() {
  auto w = torch::randn({4, 4});
  auto f = [&](const torch::Tensor &x) { return torch::mm(x, w); };
  w = w.to(torch::kDouble);
  auto y = f(torch::randn({2, 4}, torch::kDouble));
}

void in_a_template() {
  auto w = torch::randn({4, 4});
  auto f = [&](const torch::Tensor &x) { return torch::mm(x, w); };
  auto y = apply_twice(f, torch::randn({4, 4}));
}

// What a lambda returns is what its captures hold at the call.
void returns_a_capture() {
  auto x = torch::randn({3, 8}, torch::kDouble);
  auto q = [&] { return x; }();
  auto s = torch::mm(q, torch::randn({8, 4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
}

void returns_a_layer_result_through_a_variable() {
  torch::nn::Linear enc(8, 4);
  enc->to(torch::kDouble);
  auto x = torch::randn({3, 8}, torch::kDouble);
  auto f = [&] { return enc->forward(x); };
  auto s = torch::mm(f(), torch::randn({4, 4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
}

// A lambda given to a helper that calls it: the helper runs it with the
// captures as they are at the helper's call.
template <typename Fn> auto call_it(Fn &&fn) -> decltype(fn()) { return fn(); }

void lambda_given_to_a_helper() {
  auto x = torch::randn({3, 8}, torch::kDouble);
  auto q = call_it([&] { return x * 2; });
  auto s = torch::mm(q, torch::randn({8, 4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
}

void lambda_by_value_given_to_a_helper() {
  auto x = torch::randn({3, 8}, torch::kDouble);
  auto q = call_it([x] { return x.relu(); });
  auto s = torch::mm(q, torch::randn({8, 4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
}

void lambda_given_to_a_helper_converts() {
  auto x = torch::randn({3, 8}, torch::kDouble);
  auto q = call_it([&] { return x.to(torch::kFloat); });
  auto s = torch::mm(q, torch::randn({8, 4}));
}

#define CALL_LAMBDA(body) call_it([&] { return body; })
void lambda_in_a_macro() {
  auto x = torch::randn({3, 8}, torch::kDouble);
  auto s = torch::mm(CALL_LAMBDA(x), torch::randn({8, 4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
}

void lambda_on_one_branch(bool wide) {
  auto x = torch::randn({3, 8});
  if (wide)
    x = x.to(torch::kDouble);
  auto q = call_it([&] { return x; });
  if (!wide)
    auto s = torch::mm(q, torch::randn({8, 4}));
}

// Registries of lambdas: a std::function taken by a constant key from a
// const (or static, handed out by a function) map written as a braced list
// runs the lambda that key names.
using BinaryOp = std::function<torch::Tensor(const torch::Tensor &, const torch::Tensor &)>;

std::map<std::string, BinaryOp> &op_registry() {
  static std::map<std::string, BinaryOp> registry = {
      {"mm", [](const torch::Tensor &a, const torch::Tensor &b) {
         return torch::mm(a, b); // reported at its calls below
       }},
      {"add", [](const torch::Tensor &a, const torch::Tensor &b) { return a + b; }},
      {"mv", [](const torch::Tensor &a, const torch::Tensor &b) {
         return torch::mv(a, b);
       }},
  };
  return registry;
}

void registry_by_literal_key() {
  const BinaryOp &op = op_registry().at("mm");
  auto y = op(torch::randn({2, 2}), torch::randn({2, 2}, torch::kDouble));
  // CHECK-MESSAGES: :{{[0-9]+}}:17: warning: 'mm' requires operands of the same dtype but gets Float and Double{{.*}} [torchdtype-mixed-precision]
  // CHECK-MESSAGES: :[[@LINE-2]]:12: note: in this call of 'op'
}

void registry_by_const_name() {
  const std::string name = "mv";
  const BinaryOp &op = op_registry().at(name);
  for (int i = 0; i < 2; ++i) {
    auto y = op(torch::randn({2, 2}), torch::randn({2}, torch::kDouble));
    // CHECK-MESSAGES: :{{[0-9]+}}:17: warning: 'mv' requires operands of the same dtype but gets Float and Double{{.*}} [torchdtype-mixed-precision]
    // CHECK-MESSAGES: :[[@LINE-2]]:14: note: in this call of 'op'
  }
}

void registry_other_key() {
  const BinaryOp &op = op_registry().at("add");
  auto y = op(torch::randn({2, 2}), torch::randn({2, 2}, torch::kDouble));
}

void registry_key_from_the_command_line(char **argv) {
  const BinaryOp &op = op_registry().at(argv[1]);
  auto y = op(torch::randn({2, 2}), torch::randn({2, 2}, torch::kDouble));
}

void registry_same_dtypes() {
  const BinaryOp &op = op_registry().at("mm");
  auto y = op(torch::randn({2, 2}), torch::randn({2, 2}));
}

// A lambda called here that writes what it captured by reference: after
// the call nothing is known of it (it was taken as unchanged).
void capture_written_by_the_call() {
  auto a = torch::randn({10, 4});
  auto widen = [&a] { a = a.to(torch::kDouble); };
  widen();
  torch::mm(a, torch::randn({4, 4}, torch::kDouble));
}

void capture_read_by_the_call_still_judged() {
  auto a = torch::randn({10, 4});
  auto use = [&a] { return a.sum(); };
  use();
  torch::mm(a, torch::randn({4, 4}, torch::kDouble));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
}
