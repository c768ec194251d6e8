// RUN: %check_clang_tidy %s torchdtype-module-input-dtype,torchdtype-mixed-precision %t -- -config="{CheckOptions: {PyTorchVersion: '1.13'}}"
// Members of modules and of plain classes holding modules: read through
// the module, judged for the receiver that runs a method, and left by the
// constructor as they are at its end.
#include <torch/torch.h>
#include <ATen/autocast_mode.h>

struct PositionalImpl : torch::nn::Module {
  PositionalImpl() {
    pe = register_buffer("pe", torch::zeros({4, 4}, torch::kDouble));
    proj = register_module("proj", torch::nn::Linear(4, 4));
  }
  torch::Tensor forward(const torch::Tensor &tokens) {
    auto x = tokens + pe;
    return proj(x);
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module 'proj' has Float parameters but gets a Double input; {{.*}} [torchdtype-module-input-dtype]
    // CHECK-MESSAGES: :[[@LINE+12]]:19: note: in this call of 'forward'
  }
  torch::Tensor project_table() { return proj(pe); }
  // CHECK-MESSAGES: :[[@LINE-1]]:42: warning: module 'proj' has Float parameters but gets a Double input; {{.*}} [torchdtype-module-input-dtype]
  // CHECK-MESSAGES: :[[@LINE+13]]:19: note: in this call of 'project_table'
  torch::Tensor pe;
  torch::nn::Linear proj{nullptr};
};
TORCH_MODULE(Positional);

void buffer_promotes_the_input() {
  Positional layer;
  auto y = layer->forward(torch::randn({4, 4}));
}

void method_on_the_module() {
  Positional layer;
  auto t = layer->project_table();
}

void buffer_read_through_the_holder() {
  Positional layer;
  auto y = torch::mm(layer->pe, torch::randn({4, 4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
}

void converted_module_fits_its_buffer() {
  Positional layer;
  layer->to(torch::kDouble);
  auto y = layer->forward(torch::randn({4, 4}, torch::kDouble));
  auto t = layer->project_table();
}

class RiskScorer {
public:
  explicit RiskScorer(int64_t features) : linear_(features, 1) {
    linear_->to(torch::kDouble); // as the reference implementation
  }
  torch::Tensor score(const torch::Tensor &x) { return linear_(x); }
  // CHECK-MESSAGES: :[[@LINE-1]]:56: warning: module 'linear_' has Double parameters but gets a Float input; {{.*}} [torchdtype-module-input-dtype]
  // CHECK-MESSAGES: :[[@LINE+11]]:14: note: in this call of 'score'
  torch::Tensor score_double(const torch::Tensor &x) {
    return linear_(x.to(torch::kDouble));
  }

private:
  torch::nn::Linear linear_;
};

void scorer() {
  RiskScorer s(5);
  auto a = s.score(torch::randn({2, 5}));
  auto b = s.score_double(torch::randn({2, 5}));
}

class Converter {
public:
  Converter() : linear_(4, 4) { linear_->to(torch::kDouble); }
  void reset() { linear_ = torch::nn::Linear(4, 4); }
  torch::Tensor run(const torch::Tensor &x) { return linear_(x); } // double or float: quiet
private:
  torch::nn::Linear linear_;
};

struct EncoderImpl : torch::nn::Module {
  EncoderImpl() { proj = register_module("proj", torch::nn::Linear(4, 4)); }
  torch::Tensor forward(const torch::Tensor &x) { return proj(x); }
  torch::nn::Linear proj{nullptr};
};
TORCH_MODULE(Encoder);

void under_autocast_a_layer_takes_lower_precision() {
  Encoder enc;
  at::autocast::set_cpu_enabled(true);
  auto y = enc(torch::randn({2, 4}).to(torch::kBFloat16));
  at::autocast::set_cpu_enabled(false);
}

// parameters() has the module's dtype: an input converted to the first
// parameter's dtype matches, and reading it leaves the module as it is.
void input_follows_first_parameter_negative() {
  torch::nn::Linear l(4, 2);
  l->to(torch::kDouble);
  auto dt = l->parameters().front().scalar_type();
  auto y = l(torch::randn({3, 4}).to(dt));
}

void parameter_read_keeps_the_module() {
  torch::nn::Linear l(4, 2);
  l->to(torch::kDouble);
  auto w = l->parameters()[0];
  auto y = l(torch::randn({3, 4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: module 'l' has Double parameters but gets a Float input{{.*}} [torchdtype-module-input-dtype]
  auto z = torch::mm(torch::randn({2, 4}), w.t());
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'mm' requires operands of the same dtype but gets Float and Double{{.*}} [torchdtype-mixed-precision]
}

void first_parameter_set_anew_negative() {
  torch::nn::Linear l(4, 2);
  l->to(torch::kDouble);
  l->parameters().front().set_data(torch::randn({2, 4}));
  auto y = l(torch::randn({3, 4}));
}

// A member a method rebinds after construction holds what the constructor
// made or what the methods assign: a head replaced by one of another dtype
// (replace_module returns the module it registers) is not the constructor's
// float32 one, a basis refreshed in float64 neither.
struct SwappableImpl : torch::nn::Module {
  SwappableImpl() : head_(4, 2) {
    head_ = register_module("head", head_);
    basis_ = torch::randn({4, 4});
  }
  torch::Tensor forward(const torch::Tensor &x) {
    return head_->forward(torch::mm(x, basis_));
  }
  void install_precise_head() {
    torch::nn::Linear precise(4, 2);
    precise->to(torch::kDouble);
    head_ = replace_module("head", precise);
  }
  void refresh_basis() { basis_ = torch::randn({4, 4}, torch::kDouble); }
  torch::nn::Linear head_{nullptr};
  torch::Tensor basis_;
};
TORCH_MODULE(Swappable);

void rebound_members_negative() {
  Swappable net;
  net->install_precise_head();
  net->refresh_basis();
  auto y = net->forward(torch::randn({3, 4}, torch::kDouble));
}

// Rebound to what the constructor made it (a resized embedding of the
// default dtype): still known.
struct ResizableImpl : torch::nn::Module {
  ResizableImpl() { embed = register_module("embed", torch::nn::Embedding(10, 4)); }
  torch::Tensor forward(const torch::Tensor &ids) { return embed(ids); }
  void resize(int64_t rows) {
    torch::nn::Embedding bigger(rows, 4);
    embed = replace_module("embed", bigger);
  }
  void paste(const torch::Tensor &vectors) {
    torch::NoGradGuard no_grad;
    embed->weight.copy_(vectors);
    auto y = torch::mm(embed->weight, vectors.t());
    // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'mm' requires operands of the same dtype but gets Float and Double{{.*}} [torchdtype-mixed-precision]
  }
  torch::nn::Embedding embed{nullptr};
};
TORCH_MODULE(Resizable);

void resized_then_pasted() {
  Resizable r;
  r->resize(12);
  r->paste(torch::randn({12, 4}, torch::kDouble));
}
