// Real-header tier: a module moved to CUDA gets a CPU input; an op gets operands
// on different devices.
#include <torch/torch.h>

torch::Tensor linear_on_cuda_call() {
  torch::nn::Linear fc(4, 2);
  fc->to(torch::kCUDA);
  auto x = torch::randn({1, 4});
  return fc(x);
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: module 'fc' is on cuda but its input is on cpu; this throws at run time{{.*}} [kb: pytorch/device-mismatch] [torchdtype-device-mismatch]
}

torch::Tensor linear_on_cuda_forward() {
  torch::nn::Linear fc(torch::nn::LinearOptions(4, 2).bias(false));
  fc->to(torch::Device(torch::kCUDA, 0));
  auto x = torch::randn({1, 4});
  return fc->forward(x);
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: module 'fc' is on cuda but its input is on cpu; this throws at run time{{.*}} [kb: pytorch/device-mismatch] [torchdtype-device-mismatch]
}

torch::Tensor linear_input_moved_too() {
  torch::nn::Linear fc(4, 2);
  fc->to(torch::kCUDA);
  auto x = torch::randn({1, 4}).to(torch::kCUDA);
  return fc->forward(x);
}

torch::Tensor op_on_two_devices() {
  auto a = torch::randn({2, 2});
  auto b = torch::randn({2, 2}, torch::device(torch::kCUDA));
  return torch::mm(a, b);
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'mm' gets operands on different devices (cpu and cuda); this throws at run time{{.*}} [kb: pytorch/device-mismatch] [torchdtype-device-mismatch]
}
