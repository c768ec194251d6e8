// torchdtype-mixed-precision: a loss's result has the dtype its measured
// contract gives. cross_entropy with class indices (an integer target) runs
// as nll_loss of the log-softmax; torch::nn::functional::cross_entropy is
// at::cross_entropy_loss; an options object whose setters give no tensor
// (reduction, ignore_index, label_smoothing) is the measured call. The
// contracts were measured on 1.13.1 and are not used for 2.x: there these
// results are unknown and nothing is reported (CHECK-MESSAGES-V113).
// RUN: %check_clang_tidy -check-suffixes=,V113 %s torchdtype-mixed-precision %t -- -config="{CheckOptions: {PyTorchVersion: '1.13'}}"
#include <torch/torch.h>

namespace F = torch::nn::functional;

// ---- Positives ------------------------------------------------------------

void per_sample_losses_weighted_in_double() {
  auto logits = torch::randn({6, 4}, torch::kFloat);
  auto labels = torch::randint(0, 4, {6}, torch::kLong);
  auto per_sample = F::cross_entropy(
      logits, labels, F::CrossEntropyFuncOptions().reduction(torch::kNone));
  auto w = torch::rand({6, 1}, torch::kDouble);
  auto total = torch::mm(per_sample.view({1, 6}), w);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:16: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
}

void aten_loss_of_double_logits(const torch::Tensor &mask) {
  auto logits = torch::randn({5, 3}, torch::kDouble);
  auto labels = torch::zeros({5}, torch::kLong);
  auto loss = torch::cross_entropy_loss(logits, labels);
  auto scaled = torch::mm(loss.view({1, 1}), torch::ones({1, 2}, torch::kFloat));
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:17: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
}

void loss_in_a_loop() {
  auto bank = torch::zeros({3, 1}, torch::kDouble);
  for (int epoch = 0; epoch < 3; ++epoch) {
    auto loss = F::cross_entropy(torch::randn({2, 3}, torch::kFloat),
                                 torch::randint(0, 3, {2}, torch::kLong));
    torch::mm(bank, loss.view({1, 1}));
    // CHECK-MESSAGES-V113: :[[@LINE-1]]:5: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
  }
}

// Double logits for a flag the caller does not pass as a constant: the
// loss is Double on the path that converts them.
void logits_of_either_dtype(bool wide) {
  auto logits = torch::randn({5, 3}, torch::kFloat);
  if (wide)
    logits = logits.to(torch::kDouble);
  auto loss = F::cross_entropy(logits, torch::zeros({5}, torch::kLong));
  torch::mm(loss.view({1, 1}), torch::ones({1, 2}, torch::kFloat));
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
  // CHECK-MESSAGES-V113: :[[@LINE-5]]:7: note: assuming 'wide' is true
}

// ---- Negatives ------------------------------------------------------------

// The same dtype throughout.
void float_losses_float_weights() {
  auto per_sample = F::cross_entropy(
      torch::randn({6, 4}, torch::kFloat), torch::randint(0, 4, {6}, torch::kLong),
      F::CrossEntropyFuncOptions().reduction(torch::kNone).label_smoothing(0.1));
  torch::mm(per_sample.view({1, 6}), torch::rand({6, 1}, torch::kFloat));
}

// Class weights given: another call than the one measured; not judged.
void weighted_classes(const torch::Tensor &cw) {
  auto loss = F::cross_entropy(torch::randn({6, 4}, torch::kFloat),
                               torch::randint(0, 4, {6}, torch::kLong),
                               F::CrossEntropyFuncOptions().weight(cw));
  torch::mm(loss.view({1, 1}), torch::ones({1, 2}, torch::kDouble));
}


// A template, a lambda and a macro keep the logits' dtype.
template <typename T> torch::Tensor loss_of(const T &logits) {
  return F::cross_entropy(logits, torch::zeros({2}, torch::kLong));
}
#define CE(x, y) F::cross_entropy((x), (y))
void through_template_lambda_macro() {
  auto a = loss_of(torch::randn({2, 3}, torch::kDouble));
  torch::mm(a.view({1, 1}), torch::ones({1, 2}, torch::kDouble));
  auto f = [](const torch::Tensor &x) {
    return F::cross_entropy(x, torch::zeros({2}, torch::kLong));
  };
  torch::mm(f(torch::randn({2, 3})).view({1, 1}), torch::ones({1, 2}));
  auto c = CE(torch::randn({2, 3}), torch::zeros({2}, torch::kLong));
  torch::mm(c.view({1, 1}), torch::ones({1, 2}));
}
