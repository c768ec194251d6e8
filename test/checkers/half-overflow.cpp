// RUN: %check_clang_tidy %s torchdtype-half-overflow %t
#include <torch/torch.h>
#include <limits>
#include <vector>

bool flag();

// ---- Positives --------------------------------------------------------------

void straight() {
  auto scores = torch::randn({4, 4}).to(torch::kHalf);
  auto pad = torch::zeros({4, 4}, torch::kBool);
  scores.masked_fill_(pad, -1e9);
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: 'masked_fill_' gets -1e9, outside the range of float16 (largest finite value 65504) that 'scores' has; this throws at run time: "value cannot be converted to type c10::Half without overflow" [kb: pytorch/half-overflow] [torchdtype-half-overflow]
  // CHECK-MESSAGES: :[[@LINE-4]]:38: note: 'scores' has dtype Half from here
  // CHECK-MESSAGES: :[[@LINE-3]]:28: note: fix: Use a constant inside the dtype's range
  auto big = torch::full({2}, 1e5, torch::kHalf);
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: 'full' gets 1e5, outside the range of float16 (largest finite value 65504) that its result has
  auto ones = torch::ones({2}, torch::kHalf);
  ones.fill_(-std::numeric_limits<float>::max());
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'fill_' gets -std::numeric_limits<float>::max(), outside the range of float16
  ones.index_fill_(0, torch::zeros({1}, torch::kLong), 70000);
  // CHECK-MESSAGES: :[[@LINE-1]]:56: warning: 'index_fill_' gets 70000, outside
  auto masked = ones.masked_fill(ones > 0, 65519.0);
  // CHECK-MESSAGES: :[[@LINE-1]]:44: warning: 'masked_fill' gets 65519.0, outside
}

// The attention helper written for float32, called with float16 scores.
torch::Tensor attend(torch::Tensor scores, const torch::Tensor &pad) {
  scores.masked_fill_(pad, -1e9);
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: 'masked_fill_' gets -1e9, outside the range of float16 (largest finite value 65504) that 'scores' has
  return torch::softmax(scores, -1);
}
void decode_step(const torch::Tensor &pad) {
  auto scores = torch::randn({8, 8}).to(torch::kHalf);
  attend(scores, pad);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: in this call of 'attend'
  attend(torch::randn({8, 8}, torch::kFloat), pad);
}

// On one path only.
void branch(bool fp16, const torch::Tensor &pad) {
  auto logits = torch::randn({4, 4});
  if (fp16)
    logits = logits.to(torch::kHalf);
  logits.masked_fill_(pad, -1e9);
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: 'masked_fill_' gets -1e9
  // CHECK-MESSAGES: :[[@LINE-4]]:7: note: assuming 'fp16' is true
}

// In a loop, a lambda, a template and a macro.
void loop(const std::vector<torch::Tensor> &masks) {
  auto acc = torch::zeros({4}, torch::kHalf);
  for (const auto &m : masks)
    acc.masked_fill_(m, 1e6);
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: 'masked_fill_' gets 1e6
}
void lambda() {
  auto h = torch::ones({2}, torch::kHalf);
  auto reset = [&] { h.fill_(1e5); };
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: 'fill_' gets 1e5
  reset();
}
template <typename T> void fill_big(T &t) { t.fill_(1e5); }
// CHECK-MESSAGES: :[[@LINE-1]]:53: warning: 'fill_' gets 1e5
void use_template() {
  auto h = torch::ones({2}, torch::kHalf);
  fill_big(h);
}
#define MASK_OUT(t, m) (t).masked_fill_((m), -1e9)
void macro(const torch::Tensor &m) {
  auto h = torch::ones({2}, torch::kHalf);
  MASK_OUT(h, m);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'masked_fill_' gets -1e9, outside
}

// ---- Negatives --------------------------------------------------------------

void in_range(const torch::Tensor &pad) {
  auto h = torch::randn({4}).to(torch::kHalf);
  h.masked_fill_(pad, -std::numeric_limits<float>::infinity());
  h.masked_fill_(pad, -65504.0);
  h.masked_fill_(pad, -1e4);
  h.fill_(65504);
}
void other_dtypes(const torch::Tensor &pad) {
  auto f = torch::randn({4});
  f.masked_fill_(pad, -1e9);
  auto b = torch::randn({4}).to(torch::kBFloat16);
  b.masked_fill_(pad, -1e9);
  auto big = torch::full({2}, 1e9, torch::kFloat);
  f.to(torch::kHalf).to(torch::kFloat).masked_fill_(pad, -1e9);
}
// Unknown dtypes and numbers that are not constants are never guessed.
void unknown(torch::Tensor x, const torch::Tensor &pad, double fill) {
  x.masked_fill_(pad, -1e9);
  auto h = torch::ones({2}, torch::kHalf);
  h.fill_(fill);
}
// Converted before the fill on the half branch.
void both_branches(const torch::Tensor &pad) {
  auto s = torch::randn({4});
  if (flag())
    s = s.to(torch::kHalf).to(torch::kFloat);
  s.masked_fill_(pad, -1e9);
}
// Arithmetic is not checked: it overflows to inf silently.
void arithmetic() {
  auto h = torch::ones({2}, torch::kHalf);
  auto y = h.add(1e5);
}
