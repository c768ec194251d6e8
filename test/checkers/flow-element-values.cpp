// RUN: %check_clang_tidy %s torchdtype-mixed-precision,torchdtype-inplace-dtype %t
// A std::vector of tensors made from braces or filled by push_back and
// emplace_back from empty knows the values its elements may have: a loop
// over it visits every element, so each value runs the body on a path of
// its own, and an op that fails for one of them is found. Where the body
// tests the element (its dtype, size or name may skip the odd one), where
// the list was changed in place, or given to code not followed: the join,
// which says nothing where the elements differ.
#include <torch/torch.h>
#include <vector>

void mixed_elements_in_a_loop() {
  auto w = torch::randn({16, 4});
  std::vector<torch::Tensor> v;
  v.push_back(torch::randn({5, 16}, torch::kDouble));
  v.push_back(torch::randn({5, 16}));
  for (const auto &x : v)
    torch::mm(x, w);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
  // CHECK-MESSAGES: :[[@LINE-3]]:24: note: assuming 'x is the Double element of v' is true
}

void counter_divided_in_place(int64_t n) {
  std::vector<torch::Tensor> state{torch::zeros({4}), torch::zeros({4}),
                                   torch::zeros({}, torch::kLong)};
  for (auto &t : state)
    t.div_(n);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'div_' on 't' of dtype Long with true division gives a Float result that cannot be cast back to Long; {{.*}} [torchdtype-inplace-dtype]
  // CHECK-MESSAGES: :[[@LINE-3]]:18: note: assuming 't is the Long element of state' is true
}

void emplaced_in_a_branch(bool with_counter) {
  std::vector<torch::Tensor> state;
  state.emplace_back(torch::ones({3}));
  if (with_counter)
    state.emplace_back(torch::zeros({}, torch::kLong));
  for (auto &t : state)
    t.mul_(0.5);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: {{.*}}Long{{.*}} [torchdtype-inplace-dtype]
}

#define EACH(x, v) for (auto &x : v)
void through_a_macro() {
  std::vector<torch::Tensor> v{torch::ones({2}), torch::ones({2}, torch::kInt)};
  EACH(t, v) t.mul_(0.5);
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: {{.*}}Int{{.*}} [torchdtype-inplace-dtype]
}

template <typename T> void scale_all(std::vector<T> &v) {
  for (auto &t : v)
    t.mul_(0.5);
}
void in_a_template() {
  std::vector<torch::Tensor> v{torch::ones({2}), torch::ones({2})};
  scale_all(v); // every element Float: nothing to find
}

void in_a_lambda() {
  auto run = [] {
    std::vector<torch::Tensor> v{torch::ones({2}), torch::ones({2}, torch::kLong)};
    for (auto &t : v)
      t.mul_(0.5);
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: {{.*}}Long{{.*}} [torchdtype-inplace-dtype]
  };
  run();
}

// Negatives.

void same_dtype_elements() {
  auto w = torch::randn({16, 4});
  std::vector<torch::Tensor> v{torch::randn({5, 16}), torch::randn({2, 16})};
  for (const auto &x : v)
    torch::mm(x, w);
}

void skips_the_integral_ones() {
  std::vector<torch::Tensor> v{torch::ones({2}), torch::ones({2}, torch::kLong)};
  for (auto &t : v) {
    if (!t.is_floating_point())
      continue;
    t.mul_(0.5);
  }
}

void skips_by_size() {
  std::vector<torch::Tensor> v{torch::ones({2}), torch::zeros({}, torch::kLong)};
  for (auto &t : v)
    if (t.dim() > 0)
      t.mul_(0.5);
}

void converted_in_place_first() {
  std::vector<torch::Tensor> v{torch::ones({2}), torch::ones({2}, torch::kLong)};
  v[1] = v[1].to(torch::kFloat);
  for (auto &t : v)
    t.mul_(0.5);
}

void converted_by_the_loop() {
  std::vector<torch::Tensor> v{torch::ones({2}), torch::ones({2}, torch::kLong)};
  for (auto &t : v)
    t = t.to(torch::kFloat);
  for (auto &t : v)
    t.mul_(0.5);
}

void refill(std::vector<torch::Tensor> &v);
void given_to_code_not_seen() {
  std::vector<torch::Tensor> v{torch::ones({2}), torch::ones({2}, torch::kLong)};
  refill(v);
  for (auto &t : v)
    t.mul_(0.5);
}

void cleared_then_refilled() {
  std::vector<torch::Tensor> v{torch::ones({2}), torch::ones({2}, torch::kLong)};
  v.clear();
  v.push_back(torch::ones({2}));
  for (auto &t : v)
    t.mul_(0.5);
}

void pushed_in_a_loop(int n) {
  auto w = torch::randn({16, 4});
  std::vector<torch::Tensor> v;
  for (int i = 0; i < n; ++i)
    v.push_back(torch::randn({5, 16}));
  for (const auto &x : v)
    torch::mm(x, w);
}

void elements_integral_on_purpose() {
  std::vector<torch::Tensor> v{torch::ones({2}), torch::ones({2}, torch::kLong)};
  for (auto &t : v)
    t.add_(1); // an integer scalar: fine for both
}
