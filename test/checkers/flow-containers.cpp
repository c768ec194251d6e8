// RUN: %check_clang_tidy %s torchdtype-mixed-precision,torchdtype-module-input-dtype %t
// A std::vector (std::array, std::deque, std::list) of tensors holds the
// join of what was put in it: its
// elements (v[i], at, front, back, a range-for variable) and cat/stack of
// it have that dtype when it is one. Any use the analysis does not follow
// (a non-const reference, an element assigned, a by-reference capture)
// makes the vector unknown: nothing is reported from it.
#include <torch/torch.h>
#include <array>
#include <deque>
#include <vector>

torch::Tensor sentence_embedding(int n) {
  return torch::zeros({8}, torch::kDouble);
}

// ---- Positives ------------------------------------------------------------

void stacked_then_fed_to_a_layer() {
  torch::nn::Linear head(8, 3);
  std::vector<torch::Tensor> batch;
  for (int s = 0; s < 4; ++s)
    batch.push_back(sentence_embedding(s));
  auto x = torch::stack(batch);
  head->forward(x);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: module 'head' has Float parameters but gets a Double input; {{.*}} [torchdtype-module-input-dtype]
}

void range_for_element(bool unused) {
  auto w = torch::randn({16, 4}, torch::kDouble);
  std::vector<torch::Tensor> batches;
  for (int i = 0; i < 3; ++i)
    batches.emplace_back(torch::randn({5, 16}));
  for (const auto &x : batches)
    torch::mm(x, w);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
}

void indexed_elements() {
  auto w = torch::randn({16, 4});
  std::vector<torch::Tensor> v{torch::randn({5, 16}, torch::kDouble),
                               torch::randn({5, 16}, torch::kDouble)};
  torch::mm(v[1], w);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
  torch::mm(v.back(), w);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
}

// The vector is read in a callee, through a const reference.
torch::Tensor first_scores(const std::vector<torch::Tensor> &feats,
                           const torch::Tensor &w) {
  return torch::mm(feats.front(), w);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
  // CHECK-MESSAGES: :[[@LINE+6]]:3: note: in this call of 'first_scores'
}

void through_a_callee() {
  std::vector<torch::Tensor> feats;
  feats.push_back(torch::ones({2, 4}, torch::kDouble));
  first_scores(feats, torch::ones({4, 4}));
}

#define EACH(x, v) for (const auto &x : v)
void in_a_macro_and_a_lambda() {
  auto w = torch::randn({16, 4}, torch::kDouble);
  std::vector<torch::Tensor> v;
  v.push_back(torch::randn({5, 16}));
  auto apply = [&w](const torch::Tensor &x) { return torch::mm(x, w); };
  // CHECK-MESSAGES: :[[@LINE-1]]:54: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
  EACH(x, v) apply(x);
}

void array_of_half_weights() {
  std::array<torch::Tensor, 2> weights = {
      torch::randn({4, 4}).to(torch::kHalf),
      torch::randn({4, 4}).to(torch::kHalf),
  };
  auto h = torch::randn({4, 4}).to(weights[0].scalar_type());
  torch::mm(torch::randn({4, 4}), weights[1]);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Float and Half; {{.*}} [torchdtype-mixed-precision]
}

void deque_as_a_replay_buffer(int steps) {
  std::deque<torch::Tensor> buffer;
  for (int i = 0; i < steps; ++i) {
    buffer.push_front(torch::randn({4, 4}, torch::kDouble));
    if (buffer.size() > 8)
      buffer.pop_back();
  }
  torch::mm(buffer.front(), torch::randn({4, 4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
}

// A helper that fills a vector in a loop the caller bounds and stacks it:
// where the loop ran no time, stack throws, so what the helper returns is
// what the filled vector stacks to.
torch::Tensor make_batch(int64_t n) {
  std::vector<torch::Tensor> rows;
  for (int64_t i = 0; i < n; ++i)
    rows.push_back(torch::randn({4}, torch::kDouble));
  return torch::stack(rows);
}

void stacked_in_a_helper(int64_t n) {
  torch::mm(make_batch(n), torch::randn({4, 2}));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
}

// A vector a function of the user's fills and returns: what it holds.
std::vector<torch::Tensor> collect_ids(int n) {
  std::vector<torch::Tensor> ids;
  for (int i = 0; i < n; ++i)
    ids.push_back(torch::randint(0, 9, {4}, torch::kLong));
  return ids;
}
void returned_vector() {
  std::vector<torch::Tensor> ids = collect_ids(3);
  torch::mm(ids[0].to(torch::kDouble).view({2, 2}), torch::ones({2, 2}));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
}

// ---- Negatives ------------------------------------------------------------

// The same helper filling float32 rows: nothing mixed at the caller.
torch::Tensor make_float_batch(int64_t n) {
  std::vector<torch::Tensor> rows;
  for (int64_t i = 0; i < n; ++i)
    rows.push_back(torch::randn({4}));
  return torch::stack(rows);
}
void stacked_float_in_a_helper(int64_t n) {
  torch::mm(make_float_batch(n), torch::randn({4, 2}));
}

void array_element_replaced() {
  std::array<torch::Tensor, 2> weights = {torch::randn({4, 4}, torch::kDouble),
                                          torch::randn({4, 4}, torch::kDouble)};
  weights[0] = weights[0].to(torch::kFloat);
  torch::mm(torch::randn({4, 4}), weights[0]);
}

void mixed_elements() {
  auto w = torch::randn({16, 4});
  std::vector<torch::Tensor> v;
  v.push_back(torch::randn({5, 16}, torch::kDouble));
  v.push_back(torch::randn({5, 16}));
  for (const auto &x : v)
    torch::mm(x, w);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
  torch::mm(torch::cat(v), w);
}

void converted_on_every_push() {
  auto w = torch::randn({16, 4});
  std::vector<torch::Tensor> v;
  for (int i = 0; i < 3; ++i)
    v.push_back(torch::randn({5, 16}, torch::kDouble).to(torch::kFloat));
  torch::mm(torch::cat(v), w);
}

void fill(std::vector<torch::Tensor> &out);
void filled_through_a_reference() {
  auto w = torch::randn({16, 4});
  std::vector<torch::Tensor> v;
  v.push_back(torch::randn({5, 16}, torch::kDouble));
  fill(v);
  torch::mm(v[0], w);
}

void element_assigned() {
  auto w = torch::randn({16, 4});
  std::vector<torch::Tensor> v{torch::randn({5, 16}, torch::kDouble)};
  v[0] = v[0].to(torch::kFloat);
  torch::mm(v[0], w);
}

void converted_through_the_loop_variable() {
  auto w = torch::randn({16, 4});
  std::vector<torch::Tensor> v{torch::randn({5, 16}, torch::kDouble)};
  for (auto &x : v)
    x = x.to(torch::kFloat);
  torch::mm(v[0], w);
}

void cleared_in_a_lambda() {
  auto w = torch::randn({16, 4});
  std::vector<torch::Tensor> v{torch::randn({5, 16}, torch::kDouble)};
  auto reset = [&] {
    v.clear();
    v.push_back(torch::randn({5, 16}));
  };
  reset();
  torch::mm(v[0], w);
}

void cleared_then_refilled() {
  auto w = torch::randn({16, 4});
  std::vector<torch::Tensor> v{torch::randn({5, 16}, torch::kDouble)};
  v.clear();
  v.push_back(torch::randn({5, 16}));
  torch::mm(v.front(), w);
}

void empty_vector(const torch::Tensor &w) {
  std::vector<torch::Tensor> v;
  torch::mm(torch::cat(v), torch::ones({2, 2}, torch::kDouble));
}

template <typename T> void generic(std::vector<T> &v, const torch::Tensor &w) {
  for (const auto &x : v)
    torch::mm(x, w);
}
void templated() {
  std::vector<torch::Tensor> v{torch::randn({5, 16})};
  generic(v, torch::randn({16, 4}));
}
