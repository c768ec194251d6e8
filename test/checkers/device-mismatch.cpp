// RUN: %check_clang_tidy %s torchdtype-device-mismatch %t
// The same findings when another check makes the matchers walk the whole
// translation unit (torchdtype-only runs walk the user's code only).
// RUN: %check_clang_tidy %s torchdtype-device-mismatch,bugprone-use-after-move %t-walk-all
#include <torch/torch.h>
#include <torch/script.h>

bool flag();

// ---- Positives: ops -------------------------------------------------------

void cpu_and_cuda() {
  auto a = torch::randn({2, 2});
  auto b = torch::randn({2, 2}, torch::kCUDA);
  auto c = torch::mm(a, b);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' gets operands on different devices (cpu and cuda); this throws at run time{{.*}} [kb: pytorch/device-mismatch] [torchdtype-device-mismatch]
  // CHECK-MESSAGES-DAG: :[[@LINE-4]]:{{[0-9]+}}: note: operand 'a' is on cpu from here
  auto d = b.matmul(a);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'matmul' gets operands on different devices (cuda and cpu); this throws at run time{{.*}} [kb: pytorch/device-mismatch] [torchdtype-device-mismatch]
}

void device_objects() {
  torch::Device gpu(torch::kCUDA, 0);
  auto g = torch::ones({2, 2}, gpu);
  auto h = torch::ones({2, 2}, torch::TensorOptions().device(torch::Device("cuda:0")));
  auto c = torch::zeros({2, 2}, torch::device(torch::kCPU));
  auto d = torch::mm(g, c);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' gets operands on different devices (cuda and cpu); this throws at run time{{.*}} [kb: pytorch/device-mismatch] [torchdtype-device-mismatch]
  auto e = torch::mm(c, h);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' gets operands on different devices (cpu and cuda); this throws at run time{{.*}} [kb: pytorch/device-mismatch] [torchdtype-device-mismatch]
  auto w = torch::randn({4, 2}, torch::TensorOptions().dtype(torch::kFloat).device(torch::kCUDA, 0));
  auto f = torch::linear(c, w);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'linear' gets operands on different devices (cpu and cuda); this throws at run time{{.*}} [kb: pytorch/device-mismatch] [torchdtype-device-mismatch]
}

void conversions() {
  auto a = torch::randn({2, 2});
  auto b = a.cuda();
  auto c = torch::mm(a, b);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' gets operands on different devices (cpu and cuda); this throws at run time{{.*}} [kb: pytorch/device-mismatch] [torchdtype-device-mismatch]
  auto d = b.cpu();
  auto e = torch::mm(b, d);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' gets operands on different devices (cuda and cpu); this throws at run time{{.*}} [kb: pytorch/device-mismatch] [torchdtype-device-mismatch]
  auto g = a.to(torch::kCUDA);
  auto h = torch::mm(a, g);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' gets operands on different devices (cpu and cuda); this throws at run time{{.*}} [kb: pytorch/device-mismatch] [torchdtype-device-mismatch]
  auto i = a.to(torch::Device(torch::kCUDA, 1), torch::kFloat);
  auto j = torch::mm(a, i);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' gets operands on different devices (cpu and cuda); this throws at run time{{.*}} [kb: pytorch/device-mismatch] [torchdtype-device-mismatch]
  auto k = torch::randn({2, 2}).to(b);
  auto l = torch::mm(a, k);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' gets operands on different devices (cpu and cuda); this throws at run time{{.*}} [kb: pytorch/device-mismatch] [torchdtype-device-mismatch]
}

// ---- Positives: modules ---------------------------------------------------

void nn_module_on_cuda_cpu_input() {
  torch::nn::Linear lin(3, 4);
  lin->to(torch::kCUDA);
  auto x = torch::randn({1, 3});
  auto y = lin(x);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module 'lin' is on cuda but its input is on cpu; this throws at run time{{.*}} [kb: pytorch/device-mismatch] [torchdtype-device-mismatch]
  // CHECK-MESSAGES-DAG: :[[@LINE-4]]:{{[0-9]+}}: note: module 'lin' moved to cuda here
  auto z = lin->forward(x);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module 'lin' is on cuda but its input is on cpu; this throws at run time{{.*}} [kb: pytorch/device-mismatch] [torchdtype-device-mismatch]
}

void nn_module_other_holders() {
  torch::nn::Conv2d conv(3, 8, 3);
  conv->to(torch::Device(torch::kCUDA, 0));
  auto img = torch::randn({1, 3, 8, 8});
  auto y = conv(img);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module 'conv' is on cuda but its input is on cpu; this throws at run time{{.*}} [kb: pytorch/device-mismatch] [torchdtype-device-mismatch]
  torch::nn::Linear lin(3, 4);
  lin->to(torch::kCUDA, torch::kHalf);
  auto z = lin->forward(torch::randn({1, 3}, torch::kHalf));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module 'lin' is on cuda but its input is on cpu; this throws at run time{{.*}} [kb: pytorch/device-mismatch] [torchdtype-device-mismatch]
}

void torchscript_module() {
  auto m = torch::jit::load("m.pt");
  m.to(torch::kCUDA);
  m.forward({torch::randn({1, 3})});
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: module 'm' is on cuda but its input is on cpu; this throws at run time{{.*}} [kb: pytorch/device-mismatch] [torchdtype-device-mismatch]
  // CHECK-MESSAGES-DAG: :[[@LINE-3]]:{{[0-9]+}}: note: module 'm' moved to cuda here
  torch::jit::script::Module legacy = torch::jit::load("legacy.pt");
  legacy.to(torch::Device("cuda"));
  auto out = legacy.forward({torch::ones({1, 3}).cpu()}).toTensor();
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: module 'legacy' is on cuda but its input is on cpu; this throws at run time{{.*}} [kb: pytorch/device-mismatch] [torchdtype-device-mismatch]
}

// ---- Negatives ------------------------------------------------------------

void same_device() {
  auto a = torch::randn({2, 2}, torch::kCUDA);
  auto b = torch::randn({2, 2}).cuda();
  auto c = torch::mm(a, b);
  auto d = torch::randn({2, 2}, torch::Device(torch::kCUDA, 0));
  auto e = torch::mm(a, d);
  auto f = torch::mm(torch::randn({2, 2}), torch::ones({2, 2}));
}

void cpu_scalars_are_allowed() {
  auto cuda_t = torch::randn({2, 2}, torch::kCUDA);
  auto a = cuda_t + torch::tensor(2.0);
  auto b = cuda_t.mul(torch::scalar_tensor(3));
  auto c = torch::add(cuda_t, torch::tensor(1.5));
  auto d = cuda_t * 2;
}

void unknown_device(const torch::Tensor& p, torch::Device dev) {
  auto c = torch::randn({2, 2}, torch::kCUDA);
  auto a = torch::mm(p, c);
  auto x = torch::randn({2, 2}, dev);
  auto b = torch::mm(x, c);
}

void module_and_input_agree() {
  std::vector<torch::jit::IValue> inputs;
  inputs.push_back(torch::ones({1, 3}).cuda());
  torch::nn::Linear lin(3, 4);
  auto cpu_in = torch::randn({1, 3});
  auto y = lin(cpu_in);
  lin->to(torch::kCUDA);
  auto z = lin(cpu_in.to(torch::kCUDA));
  auto m = torch::jit::load("m.pt");
  m.forward({torch::randn({1, 3})});
  m.to(torch::kCUDA);
  m.forward({torch::randn({1, 3}).cuda()});
  m.forward(inputs);
}

void module_moved_on_one_path(torch::Tensor x) {
  torch::nn::Linear lin(3, 4);
  if (flag())
    lin->to(torch::kCUDA);
  auto y = lin(torch::randn({1, 3})); // maybe on cuda: no warning
  auto z = lin(x);                     // input device unknown
}

void moved_on_one_path() {
  auto a = torch::randn({2, 2});
  auto b = torch::randn({2, 2});
  if (flag())
    b = b.cuda();
  auto c = torch::mm(a, b);
}
