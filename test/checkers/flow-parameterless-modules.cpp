// A torch::nn module without parameters called on its own (nn::ReLU,
// nn::AdaptiveAvgPool2d, nn::ReflectionPad2d held in a variable, a member
// or a Sequential): its result has the input's dtype and device (the op it
// runs, api.json activation_modules), and on a 1.13 target the input is
// judged by that op's measured contract (torchdtype-unsupported-dtype:
// reflection_pad2d has no integer kernels).
// RUN: %check_clang_tidy -check-suffixes=,V113 %s torchdtype-mixed-precision,torchdtype-unsupported-dtype,torchdtype-module-input-dtype %t -- -config="{CheckOptions: {PyTorchVersion: '1.13'}}"
// RUN: %check_clang_tidy %s torchdtype-mixed-precision,torchdtype-unsupported-dtype,torchdtype-module-input-dtype %t
#include <torch/torch.h>

bool flag();
#define ACT(m, x) (m)(x)

// ---- Positives ------------------------------------------------------------

void relu_keeps_double() {
  torch::nn::ReLU act;
  auto h = act(torch::rand({4, 4}, torch::kDouble));
  torch::nn::Linear head(4, 2);
  head(h);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: module 'head' has Float parameters but gets a Double input{{.*}} [torchdtype-module-input-dtype]
}

void pool_through_forward() {
  torch::nn::AdaptiveAvgPool2d pool(1);
  auto f = pool->forward(torch::rand({1, 4, 8, 8}, torch::kDouble)).flatten(1);
  torch::mm(f, torch::ones({4, 2}));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
}

void uint8_image_reflection_pad() {
  torch::nn::ReflectionPad2d pad(2);
  auto img = torch::zeros({1, 3, 8, 8}, torch::kByte);
  auto out = pad(img);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:14: warning: 'reflection_pad2d' does not take Byte 'img' in PyTorch 1.13 (Float or Double would run); this throws at run time: ""reflection_pad2d" not implemented for 'Byte'" [kb: pytorch/dtype-not-implemented] [torchdtype-unsupported-dtype]
  // CHECK-MESSAGES-V113: :[[@LINE-3]]:{{[0-9]+}}: note: operand 'img' has dtype Byte from here
}

// Branches, loops, lambdas, templates, macros.
void double_on_one_branch(bool exact) {
  torch::nn::ReLU act;
  auto x = torch::rand({4, 4});
  if (exact)
    x = x.to(torch::kDouble);
  torch::mm(act(x), torch::ones({4, 2}));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}}
  // CHECK-MESSAGES: :[[@LINE-4]]:7: note: assuming 'exact' is true
}

void pad_in_a_loop() {
  torch::nn::ReflectionPad2d pad(1);
  for (int i = 0; i < 3; ++i) {
    auto mask = torch::zeros({1, 1, 4, 4}, torch::kInt);
    auto out = pad->forward(mask);
    // CHECK-MESSAGES-V113: :[[@LINE-1]]:16: warning: 'reflection_pad2d' does not take Int 'mask'{{.*}}
  }
}

void act_in_a_lambda() {
  torch::nn::ReLU act;
  auto block = [&](const torch::Tensor &x) { return torch::mm(act(x), torch::ones({4, 2})); };
  // CHECK-MESSAGES: :[[@LINE-1]]:53: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}}
  block(torch::rand({4, 4}, torch::kDouble));
}

template <typename Act> torch::Tensor through(Act &act, const torch::Tensor &x) {
  return torch::mm(ACT(act, x), torch::ones({4, 2}));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}}
}

void act_through_a_template() {
  torch::nn::ReLU act;
  through(act, torch::rand({4, 4}, torch::kDouble));
}

// ---- Negatives ------------------------------------------------------------

void float_input() {
  torch::nn::ReLU act;
  torch::nn::Linear head(4, 2);
  head(act(torch::rand({4, 4})));
  torch::nn::ReflectionPad2d pad(2);
  auto out = pad(torch::zeros({1, 3, 8, 8}, torch::kByte).to(torch::kFloat));
}

void unknown_input(const torch::Tensor &x) {
  torch::nn::ReLU act;
  torch::nn::ReflectionPad2d pad(2);
  torch::mm(act(x), torch::ones({4, 2}));
  auto out = pad(x);
}

void unknown_branch() {
  torch::nn::ReflectionPad2d pad(2);
  auto img = torch::zeros({1, 3, 8, 8}, torch::kByte);
  if (flag())
    img = img.to(torch::kFloat);
  auto out = pad(img); // Byte or Float: not known, not reported
}

void relu_takes_integers() {
  torch::nn::ReLU act;
  auto ids = act(torch::zeros({4}, torch::kLong)); // relu has Long kernels
}
