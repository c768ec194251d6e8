// Real-header tier: a TorchScript module moved to CUDA is run on a CPU input
// passed the way the LibTorch tutorial does (std::vector<IValue> + push_back).
#include <torch/script.h>
#include <torch/torch.h>

#include <string>
#include <vector>

torch::Tensor run_scripted(const std::string &path) {
  torch::jit::script::Module m = torch::jit::load(path);
  m.to(torch::kCUDA);
  std::vector<torch::jit::IValue> inputs;
  inputs.push_back(torch::randn({1, 3, 224, 224}));
  return m.forward(inputs).toTensor();
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: module 'm' is on cuda but its input is on cpu; this throws at run time{{.*}} [kb: pytorch/device-mismatch] [torchdtype-device-mismatch]
}

torch::Tensor run_scripted_ok(const std::string &path) {
  torch::jit::script::Module m = torch::jit::load(path);
  m.to(torch::kCUDA);
  std::vector<torch::jit::IValue> inputs;
  inputs.push_back(torch::randn({1, 3, 224, 224}).to(torch::kCUDA));
  return m.forward(inputs).toTensor();
}
