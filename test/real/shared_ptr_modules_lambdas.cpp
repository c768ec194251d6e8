// Real-header tier: a module behind std::make_shared (libstdc++ declares
// shared_ptr's operator-> in a base class), its forward under CPU autocast,
// and lambdas that read a by-reference capture as it is at the call, also
// through a std::function.
#include <ATen/autocast_mode.h>
#include <torch/torch.h>

#include <functional>

struct Backbone : torch::nn::Module {
  Backbone() {
    fc1 = register_module("fc1", torch::nn::Linear(20, 64));
    fc2 = register_module("fc2", torch::nn::Linear(64, 64));
  }
  torch::Tensor forward(torch::Tensor x) {
    return torch::relu(fc2(torch::relu(fc1(x))));
  }
  torch::nn::Linear fc1{nullptr}, fc2{nullptr};
};

void head_outside_autocast() {
  auto backbone = std::make_shared<Backbone>();
  torch::nn::Linear head(64, 5);
#if TORCH_VERSION_MAJOR >= 2 && TORCH_VERSION_MINOR >= 4
  at::autocast::set_autocast_enabled(at::kCPU, true);
#else
  at::autocast::set_cpu_enabled(true);
#endif
  auto features = backbone->forward(torch::randn({32, 20}));
#if TORCH_VERSION_MAJOR >= 2 && TORCH_VERSION_MINOR >= 4
  at::autocast::set_autocast_enabled(at::kCPU, false);
#else
  at::autocast::set_cpu_enabled(false);
#endif
  auto logits = head(features);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: module 'head' has Float parameters but gets a BFloat16 input; {{.*}} [torchdtype-module-input-dtype]
}

void double_input_to_a_shared_module() {
  auto backbone = std::make_shared<Backbone>();
  auto y = backbone->fc1(torch::randn({4, 20}, torch::kDouble));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module '{{.*}}' has Float parameters but gets a Double input; {{.*}} [torchdtype-module-input-dtype]
}

void same_dtype_shared_module() {
  auto backbone = std::make_shared<Backbone>();
  backbone->to(torch::kDouble);
  auto y = backbone->forward(torch::randn({4, 20}, torch::kDouble));
}

void bank_made_half_before_the_call() {
  auto bank = torch::randn({100, 32});
  auto score = [&](const torch::Tensor &q) { return torch::mv(bank, q); };
  // CHECK-MESSAGES: :[[@LINE-1]]:53: warning: 'mv' requires operands of the same dtype but gets Half and Float; {{.*}} [torchdtype-mixed-precision]
  bank = bank.to(torch::kHalf);
  auto s = score(torch::randn({32}));
}

using Head = std::function<torch::Tensor(const torch::Tensor &)>;
void projection_exported_in_place() {
  auto projection = torch::randn({16, 4});
  Head head = [&projection](const torch::Tensor &x) { return torch::mm(x, projection); };
  // CHECK-MESSAGES: :[[@LINE-1]]:62: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
  projection = projection.to(torch::kDouble);
  auto out = head(torch::randn({5, 16}));
}

void converted_back_before_the_call() {
  auto a = torch::randn({4, 4}, torch::kDouble);
  auto f = [&] { return torch::mm(a, torch::randn({4, 4})); };
  a = a.to(torch::kFloat);
  f();
}
