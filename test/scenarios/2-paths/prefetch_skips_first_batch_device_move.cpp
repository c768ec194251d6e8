// scenario: a GPU inference loop moves each batch to the device in its prefetch branch, but the first batch is loaded before the prefetcher exists and stays on the CPU
// tier: 2
// family: device-mismatch
// expect: bug
// verified: source
// source: aten/src/ATen/core/op_registration/adaption.cpp (1.13.1): common_device_check_failure, called from the generated CUDA wrapper of mm (RegisterCUDA.cpp, wrapper_mm) when self is on cpu and mat2 on cuda:0
// raises: Expected all tensors to be on the same device, but found at least two devices
#include <torch/torch.h>
#include <iostream>

int main() {
  torch::manual_seed(0);
  if (!torch::cuda::is_available()) {
    std::cerr << "this tool needs a GPU\n";
    return 1;
  }
  const torch::Device device(torch::kCUDA, 0);
  auto projection = torch::randn({256, 64}, torch::device(device));

  torch::Tensor batch = torch::randn({32, 256}); // first batch, read before the loop
  for (int step = 0; step < 8; ++step) {
    auto embedded = torch::mm(batch, projection); // BUG
    std::cout << "step " << step << " mean " << embedded.mean().item<float>() << "\n";
    // prefetch the next batch straight onto the device
    batch = torch::randn({32, 256}).to(device, /*non_blocking=*/true);
  }
  return 0;
}
