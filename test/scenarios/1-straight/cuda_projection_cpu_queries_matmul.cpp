// scenario: a retrieval script creates its projection matrix directly on the GPU but builds the query batch with the default CPU options
// tier: 1
// family: device-mismatch
// expect: bug
// verified: source
// source: aten/src/ATen/core/op_registration/adaption.cpp (1.13.1): common_device_check_failure, called from the generated CUDA wrapper of mm (RegisterCUDA.cpp, wrapper_mm), which matmul of two 2-D tensors reaches with self on cpu and mat2 on cuda:0
// raises: Expected all tensors to be on the same device, but found at least two devices
#include <torch/torch.h>
#include <iostream>

int main() {
  torch::manual_seed(0);
  auto projection = torch::randn({128, 32}, torch::TensorOptions().device(torch::kCUDA));
  auto queries = torch::randn({16, 128});
  queries = queries - queries.mean(0, true); // center before hashing
  auto codes = torch::matmul(queries, projection); // BUG
  auto binary = codes.gt(0).to(torch::kUInt8);
  std::cout << "hash bits set: " << binary.sum().item<int64_t>() << "\n";
  return 0;
}
