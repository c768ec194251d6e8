// torchdtype-loss-target-dtype through exact numbers of dimensions:
// cross_entropy reads a target of the input's shape as probabilities and
// any other as class indices, so a floating target with another number of
// dimensions than the input throws ("expected scalar type Long but found
// Float", observed on 1.13.1). The number is known where a factory is given
// its sizes, and kept by the ops that keep it (elementwise ops, to(), cat,
// view/reshape given sizes, unsqueeze, flatten()); any other op, an
// in-place reshape, or paths that disagree leave it unknown.
// RUN: %check_clang_tidy %s torchdtype-loss-target-dtype %t
#include <torch/torch.h>

namespace F = torch::nn::functional;
bool flag();

// ---- Positives --------------------------------------------------------------

void hard_float_targets() {
  auto logits = torch::randn({32, 5});
  auto y = torch::randn({32});
  auto loss = F::cross_entropy(logits, y);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'cross_entropy' needs a target of class indices of dtype Long but gets Float; this throws at run time{{.*}} [torchdtype-loss-target-dtype]
  // CHECK-MESSAGES: :[[@LINE-3]]:{{[0-9]+}}: note: target 'y' has dtype Float from here
  // CHECK-MESSAGES: :[[@LINE-4]]:{{[0-9]+}}: note: a target of 1 dimension for an input of 2 is read as class indices (a target of the input's shape, as probabilities)
}

void viewed_and_converted(const at::Tensor &labels) {
  auto logits = torch::randn({8, 1, 4}).view({-1, 4});
  auto y = torch::zeros({8, 1}, torch::kLong).view(-1).to(torch::kFloat);
  auto loss = F::cross_entropy(logits.relu(), y);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'cross_entropy' needs a target of class indices of dtype Long but gets Float{{.*}}
}

void listed_and_catted() {
  auto logits = torch::randn({3, 4});
  auto y = torch::tensor({0.0, 2.0, 1.0});
  auto a = F::cross_entropy(logits, y);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'cross_entropy' needs a target of class indices of dtype Long but gets Float{{.*}}
  auto padded = torch::cat({torch::zeros({2}, torch::kLong), torch::full({1}, -100.0)});
  auto b = F::cross_entropy(logits, padded);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'cross_entropy' needs a target of class indices of dtype Long but gets Float{{.*}}
}

void loss_module_and_images() {
  torch::nn::CrossEntropyLoss criterion;
  auto seg = torch::randn({2, 3, 8, 8});
  auto mask = torch::rand({2, 8, 8});
  auto loss = criterion(seg, mask);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'cross_entropy' needs a target of class indices of dtype Long but gets Float{{.*}}
}

// A layer's output has its input's number of dimensions (Linear,
// convolutions, normalizations); slice keeps it, select drops one.
void classifier_output() {
  torch::nn::Linear head(12, 5);
  auto table = torch::randn({32, 13});
  auto features = table.slice(1, 0, 12);
  auto labels = table.select(1, 12);
  auto loss = F::cross_entropy(head(features), labels);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'cross_entropy' needs a target of class indices of dtype Long but gets Float{{.*}}
}

// Branches and loops: the number is known when every path agrees.
void on_both_paths() {
  auto logits = torch::randn({16, 10});
  torch::Tensor y = flag() ? torch::zeros({16}) : torch::ones({16});
  for (int epoch = 0; epoch < 2; ++epoch) {
    auto loss = F::cross_entropy(logits, y);
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'cross_entropy' needs a target of class indices of dtype Long but gets Float{{.*}}
  }
}

auto make_targets(int64_t n) { return torch::rand({n}); }

void through_a_helper() {
  auto logits = torch::randn({4, 3});
  auto loss = F::cross_entropy(logits, make_targets(4));
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'cross_entropy' needs a target of class indices of dtype Long but gets Float{{.*}}
}

template <typename Loss> void templated(Loss loss_fn) {
  auto logits = torch::randn({4, 3});
  auto y = torch::zeros({4}).unsqueeze(0).flatten();
  auto loss = loss_fn(logits, y);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'cross_entropy' needs a target of class indices of dtype Long but gets Float{{.*}}
}
void use_templated() { templated(torch::nn::CrossEntropyLoss()); }

void in_lambda() {
  auto step = [](const at::Tensor &x) {
    auto y = torch::zeros({4});
    return F::cross_entropy(x, y);
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'cross_entropy' needs a target of class indices of dtype Long but gets Float{{.*}}
  };
  step(torch::randn({4, 3}));
}

#define CE(a, b) F::cross_entropy(a, b)
void in_macro() {
  auto loss = CE(torch::randn({4, 3}), torch::zeros({4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'cross_entropy' needs a target of class indices of dtype Long but gets Float{{.*}}
}

// ---- Negatives --------------------------------------------------------------

void probabilities_of_the_input_shape() {
  auto logits = torch::randn({8, 4});
  auto p = torch::softmax(torch::randn({8, 4}), 1);
  auto a = F::cross_entropy(logits, p);
  auto q = torch::zeros({8}).unsqueeze(1).expand({8, 4});
  auto b = F::cross_entropy(logits, q);
}

void long_class_indices() {
  auto logits = torch::randn({8, 4});
  auto y = torch::zeros({8}, torch::kLong);
  auto loss = F::cross_entropy(logits, y);
}

void reshaped_in_place() {
  // unsqueeze_ reshapes y: its number of dimensions is no longer known.
  auto logits = torch::randn({8, 1});
  auto y = torch::zeros({8});
  y.unsqueeze_(1);
  auto loss = F::cross_entropy(logits, y);
}

void paths_disagree() {
  auto logits = torch::randn({8, 4});
  torch::Tensor y = flag() ? torch::zeros({8}) : torch::zeros({8, 4});
  auto loss = F::cross_entropy(logits, y);
}

void ops_that_reshape(const at::Tensor &raw) {
  // squeeze, select, a reduction, a module's output: not known.
  auto logits = torch::randn({8, 4});
  auto a = F::cross_entropy(logits, torch::zeros({8, 4, 1}).squeeze());
  auto b = F::cross_entropy(logits, torch::zeros({2, 8, 4}).select(0, 1));
  auto c = F::cross_entropy(logits, torch::zeros({8, 4, 3}).mean(2));
  torch::nn::Flatten flat;
  auto d = F::cross_entropy(logits, flat(torch::zeros({8, 2, 2})));
  auto e = F::cross_entropy(logits, raw.to(torch::kFloat));
}

void layer_input_not_known(const at::Tensor &features) {
  torch::nn::Linear head(12, 5);
  auto labels = torch::randn({32, 13}).select(1, 12);
  auto loss = F::cross_entropy(head(features), labels);
  torch::nn::Sequential net(torch::nn::Flatten(), torch::nn::Linear(12, 5));
  auto other = F::cross_entropy(net->forward(torch::randn({32, 3, 4})), labels);
}

void options_given() {
  // Label smoothing fails otherwise: calls given options are not judged so.
  auto logits = torch::randn({8, 4});
  auto y = torch::zeros({8});
  auto loss = F::cross_entropy(
      logits, y, F::CrossEntropyFuncOptions().label_smoothing(0.1));
}
