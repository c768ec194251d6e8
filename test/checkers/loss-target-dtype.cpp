// RUN: %check_clang_tidy %s torchdtype-loss-target-dtype %t
#include <torch/torch.h>
#include <ATen/autocast_mode.h>

namespace F = torch::nn::functional;
bool flag();

// ---- Positives: class-index targets must be Long ----------------------------

void nll_loss_float_target() {
  auto logp = torch::randn({4, 3}).log_softmax(1);
  auto target = torch::zeros({4});
  auto l = torch::nll_loss(logp, target);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'nll_loss' needs a target of class indices of dtype Long but gets Float; this throws at run time{{.*}} [kb: pytorch/scalar-type-mismatch] [torchdtype-loss-target-dtype]
  // CHECK-MESSAGES: :[[@LINE-3]]:{{[0-9]+}}: note: target 'target' has dtype Float from here
  auto m = F::nll_loss(logp, target);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'nll_loss' needs a target of class indices of dtype Long but gets Float; this throws at run time{{.*}} [kb: pytorch/scalar-type-mismatch] [torchdtype-loss-target-dtype]
}

void int_targets() {
  auto logits = torch::randn({4, 3});
  auto target = torch::zeros({4}, torch::kInt);
  auto a = torch::nll_loss(logits.log_softmax(1), target);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'nll_loss' needs a target of class indices of dtype Long but gets Int; this throws at run time{{.*}} [kb: pytorch/scalar-type-mismatch] [torchdtype-loss-target-dtype]
  auto b = F::cross_entropy(logits, target);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'cross_entropy' needs a target of class indices of dtype Long but gets Int; this throws at run time{{.*}} [kb: pytorch/scalar-type-mismatch] [torchdtype-loss-target-dtype]
  auto c = torch::cross_entropy_loss(logits, target.to(torch::kInt32));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'cross_entropy_loss' needs a target of class indices of dtype Long but gets Int; this throws at run time{{.*}} [kb: pytorch/scalar-type-mismatch] [torchdtype-loss-target-dtype]
}

// A loss module's call is reported under the name of the loss op it runs.
void loss_modules_class_index() {
  torch::nn::NLLLoss nll;
  torch::nn::CrossEntropyLoss ce;
  auto logits = torch::randn({4, 3});
  auto ftarget = torch::zeros({4});
  auto itarget = torch::zeros({4}, torch::kInt);
  auto a = nll(logits.log_softmax(1), ftarget);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'nll_loss' needs a target of class indices of dtype Long but gets Float; this throws at run time{{.*}} [kb: pytorch/scalar-type-mismatch] [torchdtype-loss-target-dtype]
  auto b = nll->forward(logits.log_softmax(1), itarget);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'nll_loss' needs a target of class indices of dtype Long but gets Int; this throws at run time{{.*}} [kb: pytorch/scalar-type-mismatch] [torchdtype-loss-target-dtype]
  auto c = ce(logits, itarget);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'cross_entropy' needs a target of class indices of dtype Long but gets Int; this throws at run time{{.*}} [kb: pytorch/scalar-type-mismatch] [torchdtype-loss-target-dtype]
}

// ---- Positives: input and target of different floating dtypes --------------

// mse_loss and huber_loss run their forward and throw in backward (observed
// on 1.13.1): reported at the backward() their value reaches.
void regression_losses_f32_f64() {
  auto pred = torch::randn({4}, torch::TensorOptions().requires_grad(true));
  auto target = torch::randn({4}, torch::kDouble);
  auto a = torch::mse_loss(pred, target);
  a.backward();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: backward of 'mse_loss' with an input of dtype Float and a target of dtype Double; this throws at run time{{.*}} [kb: pytorch/found-dtype-expected] [torchdtype-loss-target-dtype]
  // CHECK-MESSAGES: :[[@LINE-3]]:12: note: the loss is computed here; its forward runs
  // CHECK-MESSAGES: :[[@LINE-5]]:{{[0-9]+}}: note: target 'target' has dtype Double from here
  F::mse_loss(pred, target).backward();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: backward of 'mse_loss' with an input of dtype Float and a target of dtype Double; this throws at run time{{.*}}
  auto c = torch::huber_loss(pred, target);
  auto total = c * 0.5 + pred.sum();
  total.backward();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: backward of 'huber_loss' with an input of dtype Float and a target of dtype Double; this throws at run time{{.*}}
  auto e = torch::mse_loss(target, pred);
  for (int i = 0; i < 2; ++i)
    e.backward();
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: backward of 'mse_loss' with an input of dtype Double and a target of dtype Float; this throws at run time{{.*}}
}

void regression_losses_integer_targets() {
  auto pred = torch::randn({4}, torch::TensorOptions().requires_grad(true));
  auto stars = torch::randint(1, 6, {4});
  auto a = torch::mse_loss(pred, stars);
  a.backward();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: backward of 'mse_loss' with an input of dtype Float and a target of dtype Long; this throws at run time{{.*}} [kb: pytorch/found-dtype-expected] [torchdtype-loss-target-dtype]
  auto b = torch::l1_loss(pred, stars); // promotes, forward and backward
  b.backward();
  auto c = torch::mse_loss(pred, stars.to(torch::kFloat));
  c.backward();
}

void regression_losses_forward_only() {
  auto pred = torch::randn({4});
  auto target = torch::randn({4}, torch::kDouble);
  auto metric = F::huber_loss(pred, target).item<double>(); // runs
  auto mse = torch::mse_loss(pred, target);
  auto logged = mse.item<double>(); // no backward: runs
}

void binary_cross_entropy_f32_f64() {
  auto prob = torch::rand({4});
  auto target = torch::ones({4}, torch::kFloat64);
  auto a = torch::binary_cross_entropy(prob, target);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'binary_cross_entropy' gets an input of dtype Float and a target of dtype Double; this throws at run time{{.*}} [kb: pytorch/found-dtype-expected] [torchdtype-loss-target-dtype]
  auto b = F::binary_cross_entropy(prob, target);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'binary_cross_entropy' gets an input of dtype Float and a target of dtype Double; this throws at run time{{.*}} [kb: pytorch/found-dtype-expected] [torchdtype-loss-target-dtype]
}

void loss_modules_same_dtype() {
  torch::nn::MSELoss mse;
  torch::nn::BCELoss bce;
  torch::nn::HuberLoss huber;
  auto pred = torch::rand({4});
  auto target = torch::rand({4}, torch::kDouble);
  auto a = mse(pred, target);
  a.backward();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: backward of 'mse_loss' with an input of dtype Float and a target of dtype Double; this throws at run time{{.*}} [kb: pytorch/found-dtype-expected] [torchdtype-loss-target-dtype]
  auto b = bce(pred, target);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'binary_cross_entropy' gets an input of dtype Float and a target of dtype Double; this throws at run time{{.*}} [kb: pytorch/found-dtype-expected] [torchdtype-loss-target-dtype]
  auto c = huber->forward(pred, target);
  c.backward();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: backward of 'huber_loss' with an input of dtype Float and a target of dtype Double; this throws at run time{{.*}} [kb: pytorch/found-dtype-expected] [torchdtype-loss-target-dtype]
}

// ---- Flow: helpers, lambdas, templates, macros, loops -----------------------

torch::Tensor labels_as_int(const torch::Tensor& t) { return t.to(torch::kInt); }

void through_helper() {
  auto logits = torch::randn({4, 3});
  auto labels = labels_as_int(torch::randint(3, {4}));
  auto l = F::cross_entropy(logits, labels);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'cross_entropy' needs a target of class indices of dtype Long but gets Int; this throws at run time{{.*}} [kb: pytorch/scalar-type-mismatch] [torchdtype-loss-target-dtype]
}

void in_lambda() {
  auto target = torch::randn({4}, torch::kDouble);
  auto loss = [&](const torch::Tensor& pred) { return torch::mse_loss(pred, target); };
  auto pred = torch::randn({4});
  auto l = loss(pred);  // judged with this call's argument and capture
  l.backward();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: backward of 'mse_loss' with an input of dtype Float and a target of dtype Double; this throws at run time{{.*}} [kb: pytorch/found-dtype-expected] [torchdtype-loss-target-dtype]
  // CHECK-MESSAGES: :[[@LINE-5]]:55: note: the loss is computed here; its forward runs
  // CHECK-MESSAGES: :[[@LINE-4]]:12: note: in this call of 'loss'
  auto loss2 = [target]() { return torch::mse_loss(torch::randn({4}), target); };
  loss2(); // no backward: runs
}

template <typename T>
torch::Tensor classify() {
  auto logits = torch::randn({4, 3});
  auto labels = torch::zeros({4}, T::value);
  return torch::nll_loss(logits, labels);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'nll_loss' needs a target of class indices of dtype Long but gets Float; this throws at run time{{.*}} [kb: pytorch/scalar-type-mismatch] [torchdtype-loss-target-dtype]
}
struct LongTag { static constexpr auto value = torch::kLong; };
struct FloatTag { static constexpr auto value = torch::kFloat; };

void templates() {
  classify<LongTag>();
  classify<FloatTag>();
}

#define NLL(x, t) torch::nll_loss((x), (t))
void in_macro() {
  auto l = NLL(torch::randn({4, 3}), torch::zeros({4}, torch::kInt));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'nll_loss' needs a target of class indices of dtype Long but gets Int; this throws at run time{{.*}} [kb: pytorch/scalar-type-mismatch] [torchdtype-loss-target-dtype]
}

void in_loop() {
  auto pred = torch::randn({4});
  auto target = torch::randn({4}, torch::kDouble);
  torch::Tensor total = torch::zeros({});
  for (int i = 0; i < 10; ++i) {
    total = total + torch::mse_loss(pred, target);
  }
  total.backward();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: backward of 'mse_loss' with an input of dtype Float and a target of dtype Double; this throws at run time{{.*}} [kb: pytorch/found-dtype-expected] [torchdtype-loss-target-dtype]
  // CHECK-MESSAGES: :[[@LINE-4]]:21: note: the loss is computed here; its forward runs
}

// ---- Negatives --------------------------------------------------------------

void long_targets() {
  auto logits = torch::randn({4, 3});
  auto target = torch::randint(3, {4});
  auto a = torch::nll_loss(logits.log_softmax(1), target);
  auto b = F::cross_entropy(logits, target);
  auto c = F::cross_entropy(logits, torch::zeros({4}, torch::kLong));
  torch::nn::CrossEntropyLoss ce;
  auto d = ce(logits, target);
  auto e = F::nll_loss(logits, torch::tensor({0, 1, 2, 0}));
}

void cross_entropy_probabilities() {
  // A floating target of the input's shape is class probabilities: it runs.
  auto logits = torch::randn({4, 3});
  auto probs = torch::softmax(torch::randn({4, 3}), 1);
  auto a = F::cross_entropy(logits, probs);
  auto b = torch::cross_entropy_loss(logits, probs.to(torch::kDouble));
  torch::nn::CrossEntropyLoss ce;
  auto c = ce(logits, probs);
}

void promoting_losses() {
  // l1_loss and smooth_l1_loss promote mixed dtypes, forward and backward.
  auto pred = torch::randn({4});
  auto target = torch::randn({4}, torch::kDouble);
  auto a = torch::l1_loss(pred, target);
  auto b = F::l1_loss(pred, target);
  auto c = torch::smooth_l1_loss(pred, target);
  auto d = F::smooth_l1_loss(pred, target);
  torch::nn::L1Loss l1;
  auto e = l1(pred, target);
  torch::nn::SmoothL1Loss sl1;
  auto f = sl1(pred, target);
  auto g = torch::binary_cross_entropy_with_logits(pred, target);
  auto h = F::binary_cross_entropy_with_logits(pred, target);
}

void same_dtypes() {
  auto pred = torch::randn({4});
  auto target = torch::randn({4});
  auto a = torch::mse_loss(pred, target);
  auto b = F::binary_cross_entropy(torch::sigmoid(pred), target);
  auto p64 = torch::randn({4}, torch::kDouble);
  auto c = torch::huber_loss(p64, target.to(torch::kDouble));
  torch::nn::MSELoss mse;
  auto d = mse(pred, target);
}

void target_dtype_on_one_path_only() {
  auto logits = torch::randn({4, 3});
  auto target = torch::randint(3, {4});
  if (flag())
    target = target.to(torch::kFloat);
  auto a = torch::nll_loss(logits, target);
  auto pred = torch::randn({4});
  auto t2 = torch::randn({4});
  if (flag())
    t2 = t2.to(torch::kDouble);
  auto b = torch::mse_loss(pred, t2);
}

void unknown_dtypes(const torch::Tensor& pred, const torch::Tensor& target) {
  auto a = torch::mse_loss(pred, target);
  auto b = torch::nll_loss(pred, target);
  auto c = torch::mse_loss(pred, target.to(torch::kDouble));
}

// ---- Integer targets where a floating one is needed ----------------------------

void integer_binary_targets(bool smooth) {
  auto logits = torch::randn({8, 1});
  auto clicked = torch::tensor({1, 0, 0, 1, 0, 0, 0, 1}).unsqueeze(1);
  auto a = F::binary_cross_entropy_with_logits(logits, clicked);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'binary_cross_entropy_with_logits' needs a floating target but gets Long; this throws at run time{{.*}} [kb: pytorch/result-type-cast] [torchdtype-loss-target-dtype]
  torch::nn::BCEWithLogitsLoss bce;
  auto b = bce(logits, clicked.to(torch::kInt));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'binary_cross_entropy_with_logits' needs a floating target but gets Int; {{.*}}
  auto c = torch::binary_cross_entropy(logits.sigmoid(), clicked);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'binary_cross_entropy' gets an input of dtype Float and a target of dtype Long; {{.*}} [kb: pytorch/found-dtype-expected] [torchdtype-loss-target-dtype]
  auto d = F::binary_cross_entropy_with_logits(logits, clicked.to(torch::kFloat));
  auto e = torch::mse_loss(logits, clicked);           // runs forward (metric use)
  torch::Tensor t = clicked.to(torch::kFloat);
  if (smooth)
    t = clicked;
  auto f = F::binary_cross_entropy_with_logits(logits, t);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'binary_cross_entropy_with_logits' needs a floating target but gets Long; {{.*}}
  // CHECK-MESSAGES: :[[@LINE-4]]:7: note: assuming 'smooth' is true
}
