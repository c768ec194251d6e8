// RUN: %check_clang_tidy %s torchdtype-mixed-precision,torchdtype-inplace-dtype,torchdtype-unsupported-dtype %t -- -config="{CheckOptions: {PyTorchVersion: '1.13'}}"
// A module's parameters as code reads them: a tensor member of a torch::nn
// layer (`fc->weight`, `bn->running_var`) and each entry of
// named_parameters() (`item.value()`) have the module's dtype and device;
// a module given as a parameter (a layer's holder, a module of the user's,
// torch::nn::Module itself) has the caller's. BatchNorm's
// num_batches_tracked is int64 until a conversion: not known.
#include <torch/torch.h>
#include <map>
#include <string>

void members() {
  torch::nn::Linear fc(4, 4);
  auto d = torch::ones({4, 4}, torch::kDouble);
  auto a = torch::mm(fc->weight, d);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
  auto b = torch::mm(fc->weight.to(torch::kDouble), d);
  fc->to(torch::kDouble);
  auto c = torch::mm(fc->weight, d);
  torch::nn::BatchNorm1d bn(4);
  auto e = torch::mm(bn->running_var.view({2, 2}), d.view({2, 8}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
  auto n = bn->num_batches_tracked + 1;
  // (int64 here: an index of it is right; as Float it would not be)
  auto i = torch::ones({4}).index_select(0, bn->num_batches_tracked.view({1}));
}

// A gradient backward() accumulates has its tensor's dtype (observed on
// 1.13.1: a float64 Linear's weight.grad() is float64).
void gradients() {
  torch::nn::Linear fc(4, 4);
  auto acc = torch::zeros({4, 4}, torch::kDouble);
  acc.index_add_(0, torch::tensor({0, 1}), fc->weight.grad().index_select(0, torch::tensor({0, 1})));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'index_add_' needs a source of the dtype of 'acc' (Double) but gets Float; {{.*}} [torchdtype-inplace-dtype]
  acc.index_add_(0, torch::tensor({0, 1}), fc->weight.grad().index_select(0, torch::tensor({0, 1})).to(torch::kDouble));
}

void entries() {
  torch::nn::Linear fc(4, 4);
  for (const auto &item : fc->named_parameters()) {
    auto shadow = item.value().detach().to(torch::kDouble);
    shadow.lerp_(item.value(), 0.1);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'lerp_' needs a source of the dtype of 'shadow' (Double) but gets Float; {{.*}} [torchdtype-inplace-dtype]
    shadow.lerp_(item.value().to(torch::kDouble), 0.1);
  }
  auto named = fc->named_parameters();
  auto w = named["weight"];
  auto f = torch::mm(w, torch::ones({4, 4}));
}

// The module given: its parameters bound at each call.
void accumulate(const torch::nn::Module &model, torch::Tensor &total) {
  for (const auto &item : model.named_parameters())
    total.add_(item.value().sum());
}

torch::Tensor project(torch::nn::Linear &fc, const torch::Tensor &x) {
  return torch::mm(x, fc->weight.t());
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
}

// An exponential moving average of a model's weights, kept in float64.
class Ema {
public:
  explicit Ema(const torch::nn::Module &model) {
    for (const auto &item : model.named_parameters())
      shadow_.emplace(item.key(), item.value().detach().to(torch::kDouble));
  }
  void update(const torch::nn::Module &model) {
    for (const auto &item : model.named_parameters()) {
      auto &s = shadow_.at(item.key());
      s.lerp_(item.value(), 0.01);
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'lerp_' needs a source of the dtype of 's' (Double) but gets Float; {{.*}} [torchdtype-inplace-dtype]
    }
  }
  void update_widened(const torch::nn::Module &model) {
    for (const auto &item : model.named_parameters())
      shadow_.at(item.key()).lerp_(item.value().to(torch::kDouble), 0.01);
  }

private:
  std::map<std::string, torch::Tensor> shadow_;
};

#define WEIGHT_OF(m) (m)->weight

template <typename M> torch::Tensor weight_sum(M &m) {
  return WEIGHT_OF(m).sum();
}

void use() {
  torch::nn::Linear fc(4, 4);
  auto total = torch::zeros({});
  accumulate(*fc, total);
  project(fc, torch::ones({2, 4}));
  project(fc, torch::ones({2, 4}, torch::kDouble));
  Ema ema(*fc);
  ema.update(*fc);
  ema.update_widened(*fc);
  auto s = weight_sum(fc);
  auto l = [&fc] { return torch::mm(WEIGHT_OF(fc), torch::ones({4, 4})); };
  l();
}
