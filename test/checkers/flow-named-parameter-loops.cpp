// torchdtype-module-input-dtype: a named_parameters() loop that sets the
// data of the parameters whose names pass a test converts the submodules
// the names of register_module select (`backbone.` prefix: the backbone's,
// not the head's); a submodule converted through a module given to a
// function (`m->backbone->to(...)`) is the caller's module's too. A test
// that does not decide every member, or a body doing more than set_data,
// leaves the module unknown (quiet).
// RUN: %check_clang_tidy %s torchdtype-module-input-dtype %t --
// -config="{CheckOptions: {PyTorchVersion: '1.13'}}"
#include <string>
#include <torch/torch.h>

struct ClassifierImpl : torch::nn::Module {
  ClassifierImpl() {
    backbone = register_module(
        "backbone",
        torch::nn::Sequential(torch::nn::Linear(4, 8), torch::nn::ReLU()));
    head = register_module("head", torch::nn::Linear(8, 3));
  }
  torch::Tensor forward(const torch::Tensor &x) {
    auto features = backbone->forward(x);
    return head(features);
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module 'head' has Float
    // parameters but gets a Double input{{.*}} [torchdtype-module-input-dtype]
  }
  torch::nn::Sequential backbone{nullptr};
  torch::nn::Linear head{nullptr};
};
TORCH_MODULE(Classifier);

// ---- Positives ------------------------------------------------------------

void backbone_by_prefix(Classifier &model) {
  for (auto &item : model->named_parameters()) {
    const std::string &name = item.key();
    if (name.rfind("backbone.", 0) != 0)
      continue;
    auto &param = item.value();
    param.set_requires_grad(false);
    param.set_data(param.data().to(torch::kFloat64));
  }
}
void backbone_converted_by_a_callee() {
  Classifier model;
  backbone_by_prefix(model);
  // The head of the forward above throws for this call.
  auto logits = model->forward(torch::randn({2, 4}).to(torch::kFloat64));
}
void backbone_by_prefix_then_the_parts() {
  Classifier model;
  backbone_by_prefix(model);
  auto h = model->head(torch::randn({2, 8}, torch::kFloat64));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module '{{.*}}' has Float
  // parameters but gets a Double input{{.*}} [torchdtype-module-input-dtype]
}
void backbone_by_prefix_then_the_backbone() {
  Classifier model;
  backbone_by_prefix(model);
  auto b = model->backbone->forward(torch::randn({2, 4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module '{{.*}}' has Double
  // parameters but gets a Float input{{.*}} [torchdtype-module-input-dtype]
}

void head_selected_in_place() {
  Classifier model;
  for (auto &item : model->named_parameters())
    if (item.key().find("head.") == 0)
      item.value().set_data(item.value().to(torch::kFloat64));
  auto b = model->backbone->forward(torch::randn({2, 4}));
  auto h = model->head(b);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module '{{.*}}' has Double
  // parameters but gets a Float input{{.*}} [torchdtype-module-input-dtype]
}

#define FROZEN_PREFIX "backbone."
template <typename M> void freeze_by_compare(M &model) {
  for (auto &item : model->named_parameters()) {
    if (item.key().compare(0, 9, FROZEN_PREFIX) == 0) {
      item.value().set_data(item.value().to(torch::kFloat64));
    }
  }
}
void template_and_macro() {
  Classifier model;
  freeze_by_compare(model);
  auto b = model->backbone->forward(torch::randn({2, 4}, torch::kFloat64));
  auto h = model->head(b);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module '{{.*}}' has Float
  // parameters but gets a Double input{{.*}} [torchdtype-module-input-dtype]
}

void submodule_converted_through_a_parameter(Classifier &m) {
  m->backbone->to(torch::kFloat64);
}
void given_to_a_callee_converting_a_submodule() {
  Classifier model;
  submodule_converted_through_a_parameter(model);
  // Not the backbone's: it was converted to Double with the input.
  auto b = model->backbone->forward(torch::randn({2, 4}, torch::kFloat64));
  auto h = model->head(b);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module '{{.*}}' has Float
  // parameters but gets a Double input{{.*}} [torchdtype-module-input-dtype]
}

void converted_on_one_branch(bool freeze) {
  Classifier model;
  if (freeze)
    backbone_by_prefix(model);
  auto b = model->backbone->forward(torch::randn({2, 4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module '{{.*}}' has Double
  // parameters but gets a Float input{{.*}} [torchdtype-module-input-dtype]
}

// ---- Negatives ------------------------------------------------------------

void every_parameter_passes_negative() {
  Classifier model;
  for (auto &item : model->named_parameters()) {
    const std::string &name = item.key();
    if (name.rfind("backbone.", 0) == 0 || name.rfind("head.", 0) == 0)
      item.value().set_data(item.value().to(torch::kFloat64));
  }
  auto b = model->backbone->forward(torch::randn({2, 4}, torch::kFloat64));
  auto h = model->head(b);
}

void no_parameter_passes_negative() {
  Classifier model;
  for (auto &item : model->named_parameters())
    if (item.key() == "scale")
      item.value().set_data(item.value().to(torch::kFloat64));
  auto b = model->backbone->forward(torch::randn({2, 4}));
  auto h = model->head(b);
}

void undecided_test_negative(bool flag) {
  Classifier model;
  // ".0." is inside the backbone's names, and may be inside the head's.
  for (auto &item : model->named_parameters())
    if (item.key().find(".0.") != std::string::npos)
      item.value().set_data(item.value().to(torch::kFloat64));
  auto h = model->head(torch::randn({2, 8}));
}

void body_does_more_negative(std::vector<torch::Tensor> &seen) {
  Classifier model;
  for (auto &item : model->named_parameters()) {
    if (item.key().rfind("backbone.", 0) != 0)
      continue;
    seen.push_back(item.value());
    item.value().set_data(item.value().to(torch::kFloat64));
  }
  auto h = model->head(torch::randn({2, 8}));
}

void converted_in_a_loop_that_may_not_run_negative(int steps) {
  // As for a module's to() in such a loop: after it, not known.
  Classifier model;
  for (int i = 0; i < steps; ++i)
    backbone_by_prefix(model);
  auto b = model->backbone->forward(torch::randn({2, 4}));
}

// ---- Positive: through a lambda ---------------------------------------------

void lambda_converting_the_backbone() {
  Classifier model;
  auto freeze = [](Classifier &m) { backbone_by_prefix(m); };
  freeze(model);
  auto b = model->backbone->forward(torch::randn({2, 4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module '{{.*}}' has Double
  // parameters but gets a Float input{{.*}} [torchdtype-module-input-dtype]
}
