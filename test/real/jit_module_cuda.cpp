// Real-header tier: a TorchScript module moved to CUDA is run on a CPU input.
#include <torch/script.h>
#include <torch/torch.h>

#include <string>

torch::Tensor run_scripted(const std::string &path) {
  torch::jit::script::Module m = torch::jit::load(path);
  m.to(torch::kCUDA);
  return m.forward({torch::randn({1, 3, 224, 224})}).toTensor();
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: module 'm' is on cuda but its input is on cpu; this throws at run time{{.*}} [kb: pytorch/device-mismatch] [torchdtype-device-mismatch]
  // CHECK-MESSAGES-DAG: :[[@LINE-3]]:{{[0-9]+}}: note: module 'm' moved to cuda here
}

torch::Tensor run_scripted_ok(const std::string &path) {
  auto m = torch::jit::load(path);
  m.to(torch::Device("cuda"));
  return m.forward({torch::randn({1, 3, 224, 224}).to(torch::kCUDA)}).toTensor();
}
