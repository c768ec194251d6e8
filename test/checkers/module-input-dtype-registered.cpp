// RUN: %check_clang_tidy %s torchdtype-module-input-dtype,torchdtype-mixed-precision,torchdtype-device-mismatch %t -- -config="{CheckOptions: {PyTorchVersion: '1.13'}}"
// What Module::to() reaches: the tensors and submodules registered with
// register_parameter/register_buffer/register_module (integer buffers too,
// in the C++ frontend); a member only assigned, or rebound after it was
// registered, stays as it was made. A loop over parameters()/children()
// that may change them, or a callee given the module that changes it,
// leaves the module unknown (quiet).
#include <torch/torch.h>

bool flag();

// ---- Positives: plain members stay ----------------------------------------

struct FeaturesImpl : torch::nn::Module {
  FeaturesImpl() {
    freqs_ = torch::randn({4, 8});
    phases_ = register_buffer("phases", torch::rand({8}));
  }
  torch::Tensor forward(const torch::Tensor &x) {
    return torch::mm(x, freqs_) + phases_;
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
  }
  torch::Tensor freqs_;
  torch::Tensor phases_;
};
TORCH_MODULE(Features);

void plain_member_after_to_double() {
  Features f;
  f->to(torch::kDouble);
  f->forward(torch::randn({2, 4}, torch::kDouble));
}

// A module passed in: what it holds as made is still as made.
void plain_member_of_a_given_module(Features f) {
  f->to(torch::kDouble);
  f->forward(torch::randn({2, 4}, torch::kDouble));
}

struct RegressorImpl : torch::nn::Module {
  RegressorImpl() {
    body_ = register_module("body", torch::nn::Linear(4, 4));
    head_ = torch::nn::Linear(4, 1); // never registered
  }
  torch::Tensor forward(const torch::Tensor &x) {
    return head_(body_(x));
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module 'head_' has Float parameters but gets a Double input; {{.*}} [torchdtype-module-input-dtype]
  }
  torch::nn::Linear body_{nullptr}, head_{nullptr};
};
TORCH_MODULE(Regressor);

void unregistered_head_after_to_double() {
  Regressor r;
  r->to(torch::kDouble);
  r->forward(torch::randn({3, 4}, torch::kDouble));
}

// Rebound after registration: the member is no longer the buffer.
struct SmootherImpl : torch::nn::Module {
  SmootherImpl() {
    window_ = torch::ones({4, 4});
    register_buffer("window", window_);
    window_ = window_ / window_.sum();
  }
  torch::Tensor forward(const torch::Tensor &x) {
    return torch::mm(x, window_);
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
  }
  torch::Tensor window_;
};
TORCH_MODULE(Smoother);

void rebound_member_after_to_double() {
  Smoother s;
  s->to(torch::kDouble);
  s->forward(torch::randn({2, 4}, torch::kDouble));
}

// A registered int64 buffer is converted by the C++ Module::to(kDouble).
struct PickerImpl : torch::nn::Module {
  PickerImpl() {
    keep_ = register_buffer("keep", torch::zeros({2}, torch::kLong));
    proj_ = register_parameter("proj", torch::randn({2, 2}));
  }
  torch::Tensor forward(const torch::Tensor &x) { return torch::mm(x, proj_); }
  torch::Tensor count(const torch::Tensor &n) { return torch::mm(n, keep_.view({2, 1})); }
  // CHECK-MESSAGES: :[[@LINE-1]]:56: warning: 'mm' requires operands of the same dtype but gets Long and Double; {{.*}} [torchdtype-mixed-precision]
  torch::Tensor keep_, proj_;
};
TORCH_MODULE(Picker);

void integer_buffer_converted() {
  Picker p;
  p->to(torch::kDouble);
  p->count(torch::ones({3, 2}, torch::kLong));
}

// Moved to a device: the plain member stays on the CPU.
struct AnchorsImpl : torch::nn::Module {
  AnchorsImpl() {
    fc_ = register_module("fc", torch::nn::Linear(4, 4));
    anchors_ = torch::rand({1, 4});
  }
  torch::Tensor forward(const torch::Tensor &x) {
    return fc_(x) + anchors_;
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: {{.*}} [torchdtype-device-mismatch]
  }
  torch::nn::Linear fc_{nullptr};
  torch::Tensor anchors_;
};
TORCH_MODULE(Anchors);

void plain_member_after_to_cuda() {
  Anchors a;
  a->to(torch::kCUDA);
  a->forward(torch::randn({2, 4}, torch::kCUDA));
}

// In a branch, a loop, a template, a lambda, a macro.
void plain_member_in_a_branch() {
  Features f;
  if (flag())
    f->to(torch::kDouble);
  else
    f->to(torch::kDouble);
  f->forward(torch::randn({2, 4}, torch::kDouble));
}

void plain_member_in_a_loop() {
  Features f;
  f->to(torch::kDouble);
  for (int i = 0; i < 3; ++i)
    f->forward(torch::randn({2, 4}, torch::kDouble));
}

template <typename M> void run_double(M m) {
  m->to(torch::kDouble);
  m->forward(torch::randn({2, 4}, torch::kDouble));
}
template void run_double<Features>(Features);

void plain_member_in_a_lambda() {
  auto go = [] {
    Features f;
    f->to(torch::kDouble);
    f->forward(torch::randn({2, 4}, torch::kDouble));
  };
  go();
}

#define TO_DOUBLE(m) (m)->to(torch::kDouble)
void plain_member_through_a_macro() {
  Features f;
  TO_DOUBLE(f);
  f->forward(torch::randn({2, 4}, torch::kDouble));
}

// ---- Negatives --------------------------------------------------------------

// Registered members convert with the module.
struct RegisteredImpl : torch::nn::Module {
  RegisteredImpl() {
    w_ = register_parameter("w", torch::randn({4, 4}));
    window_ = torch::ones({4, 4});
    register_buffer("window", window_); // the member is the buffer
    fc_ = register_module("fc", torch::nn::Linear(4, 4));
  }
  torch::Tensor forward(const torch::Tensor &x) {
    return fc_(torch::mm(torch::mm(x, w_), window_));
  }
  torch::Tensor w_, window_;
  torch::nn::Linear fc_{nullptr};
};
TORCH_MODULE(Registered);

void registered_after_to_double() {
  Registered r;
  r->to(torch::kDouble);
  r->forward(torch::randn({2, 4}, torch::kDouble));
}

// Set in a branch of the constructor: not known, quiet.
struct BranchyImpl : torch::nn::Module {
  explicit BranchyImpl(bool reg) {
    if (reg)
      w_ = register_buffer("w", torch::randn({4, 4}));
    else
      w_ = torch::randn({4, 4});
  }
  torch::Tensor forward(const torch::Tensor &x) { return torch::mm(x, w_); }
  torch::Tensor w_;
};
TORCH_MODULE(Branchy);

void member_set_in_a_branch(bool reg) {
  Branchy b(reg);
  b->to(torch::kDouble);
  b->forward(torch::randn({2, 4}, torch::kDouble));
}

// A plain member that other code converts: not known, quiet.
struct ConvertedLaterImpl : torch::nn::Module {
  ConvertedLaterImpl() { freqs_ = torch::randn({4, 4}); }
  void to_double() { freqs_ = freqs_.to(torch::kDouble); }
  torch::Tensor forward(const torch::Tensor &x) { return torch::mm(x, freqs_); }
  torch::Tensor freqs_;
};
TORCH_MODULE(ConvertedLater);

void plain_member_converted_by_a_method() {
  ConvertedLater c;
  c->to(torch::kDouble);
  c->to_double();
  c->forward(torch::randn({2, 4}, torch::kDouble));
}

// Parameters converted with set_data in a loop: the module is unknown.
struct MlpImpl : torch::nn::Module {
  MlpImpl() { fc_ = register_module("fc", torch::nn::Linear(4, 4)); }
  torch::Tensor forward(const torch::Tensor &x) { return fc_(x); }
  // CHECK-MESSAGES: :[[@LINE-1]]:58: warning: module 'fc_' has Float parameters but gets a Double input; {{.*}} [torchdtype-module-input-dtype]
  torch::nn::Linear fc_{nullptr};
};
TORCH_MODULE(Mlp);

void set_data_loop() {
  Mlp m;
  for (auto &p : m->parameters())
    p.set_data(p.to(torch::kDouble));
  m->forward(torch::randn({2, 4}, torch::kDouble));
}

void set_data_loop_in_a_lambda() {
  Mlp m;
  auto widen = [&] {
    for (auto &p : m->parameters())
      p.set_data(p.to(torch::kDouble));
  };
  widen();
  m->forward(torch::randn({2, 4}, torch::kDouble));
}

void widen_all(torch::nn::Module &model) {
  for (const auto &child : model.children())
    child->to(torch::kDouble);
}

void children_converted_by_a_callee() {
  Mlp m;
  widen_all(*m);
  m->forward(torch::randn({2, 4}, torch::kDouble));
}

void widen_holder(Mlp model) {
  for (auto &p : model->parameters())
    p.set_data(p.to(torch::kDouble));
}

void holder_converted_by_a_callee() {
  Mlp m;
  widen_holder(m);
  m->forward(torch::randn({2, 4}, torch::kDouble));
}

// A loop that only reads, and an optimizer given the parameters, leave it
// known: a float32 module given float64 is still reported.
void read_only_loop() {
  Mlp m;
  int64_t n = 0;
  for (const auto &p : m->parameters())
    n += p.numel();
  std::vector<torch::Tensor> params = m->parameters();
  torch::optim::SGD opt(params, torch::optim::SGDOptions(0.1));
  m->forward(torch::randn({2, 4}, torch::kDouble));
}
