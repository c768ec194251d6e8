// scenario: inference helper multiplies CPU features by a projection the caller moved to the GPU
// tier: 3
// family: device-mismatch
// expect: bug
// verified: source
// source: aten/src/ATen/core/op_registration/adaption.cpp (1.13.1): common_device_check_failure, called from the generated CUDA wrapper of mm (RegisterCUDA.cpp, wrapper_mm) when mat2 is on cuda:0 and self on cpu
// raises: Expected all tensors to be on the same device, but found at least two devices
#include <torch/torch.h>
#include <iostream>

torch::Tensor extract_features(int64_t n) {
  return torch::randn({n, 64}).relu();
}

torch::Tensor project(const torch::Tensor &features, const torch::Tensor &projection) {
  return torch::mm(features, projection); // BUG
}

int main() {
  torch::manual_seed(0);
  torch::Device device(torch::kCUDA, 0);
  auto projection = torch::randn({64, 16}).to(device);
  // Features are produced on the CPU and never moved.
  auto features = extract_features(8);
  auto embedded = project(features, projection);
  std::cout << embedded.norm() << "\n";
  return 0;
}
