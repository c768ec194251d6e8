// torchdtype-module-input-dtype, BatchNorm: on the CPU a float32 BatchNorm
// takes a bfloat16 input (its result is bfloat16) and refuses any other
// dtype; the error was seen on the CPU only, so only inputs known to be
// there are reported.
// RUN: %check_clang_tidy %s torchdtype-module-input-dtype %t
#include <torch/torch.h>
#include <ATen/autocast_mode.h>

// ---- Positives ------------------------------------------------------------

void double_features() {
  torch::nn::BatchNorm1d bn(4);
  auto x = torch::randn({8, 4}, torch::kDouble);
  auto h = bn(x);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module 'bn' has Float parameters but gets a Double input; this throws at run time: "mixed dtype (CPU): expect input to have scalar type of BFloat16" [kb: pytorch/batchnorm-mixed-dtype] [torchdtype-module-input-dtype]
  // CHECK-MESSAGES: :[[@LINE-4]]:26: note: module 'bn' has dtype Float from here
  // CHECK-MESSAGES: :[[@LINE-4]]:33: note: input 'x' has dtype Double from here
  // CHECK-MESSAGES: :[[@LINE-4]]:12: note: fix: Cast the input to the module's dtype: {{.*}}
}

void through_forward_of_the_base() {
  torch::nn::BatchNorm2d bn(3);
  bn->forward(torch::ones({2, 3, 2, 2}, torch::kDouble));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: module 'bn' has Float parameters but gets a Double input; {{.*}} [kb: pytorch/batchnorm-mixed-dtype] [torchdtype-module-input-dtype]
}

void on_one_branch(bool precise) {
  torch::nn::BatchNorm1d bn(4);
  auto x = torch::randn({8, 4});
  if (precise)
    x = x.to(torch::kDouble);
  auto h = bn(x);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module 'bn' has Float parameters but gets a Double input; {{.*}}
  // CHECK-MESSAGES: :[[@LINE-4]]:7: note: assuming 'precise' is true
}

#define NORMALIZE(M, X) (M)(X)
void in_a_macro() {
  torch::nn::BatchNorm1d bn(4);
  auto h = NORMALIZE(bn, torch::randn({8, 4}, torch::kDouble));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module 'bn' has Float parameters but gets a Double input; {{.*}}
}

template <typename T> torch::Tensor normalized(T &bn, const torch::Tensor &x) {
  return bn(x);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: module 'bn' has Float parameters but gets a Double input; {{.*}}
}
void in_a_template() {
  torch::nn::BatchNorm1d bn(4);
  normalized(bn, torch::randn({8, 4}, torch::kDouble));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: in this call of 'normalized'
}

void in_a_lambda_and_a_loop() {
  torch::nn::BatchNorm1d bn(4);
  auto f = [&] {
    for (int i = 0; i < 2; ++i)
      bn(torch::randn({8, 4}, torch::kDouble));
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: module 'bn' has Float parameters but gets a Double input; {{.*}}
  };
  f();
}

// ---- Negatives ------------------------------------------------------------

void bfloat16_input_runs() {
  torch::nn::BatchNorm2d bn(3);
  auto y = bn(torch::ones({2, 3, 2, 2}, torch::kBFloat16));
}

void float_input() {
  torch::nn::BatchNorm1d bn(4);
  auto h = bn(torch::randn({8, 4}));
}

void converted_module() {
  torch::nn::BatchNorm1d bn(4);
  bn->to(torch::kDouble);
  auto h = bn(torch::randn({8, 4}, torch::kDouble));
}

void input_on_another_device() {
  // Not observed off the CPU: not reported.
  torch::nn::BatchNorm1d bn(4);
  bn->to(torch::kCUDA);
  auto h = bn(torch::randn({8, 4}, torch::TensorOptions().dtype(torch::kDouble).device(torch::kCUDA)));
}

void converted_input() {
  torch::nn::BatchNorm1d bn(4);
  auto x = torch::randn({8, 4}, torch::kDouble);
  auto h = bn(x.to(torch::kFloat));
}

void unknown_input(const torch::Tensor &x) {
  torch::nn::BatchNorm1d bn(4);
  auto h = bn(x);
}
