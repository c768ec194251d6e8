// scenario: an inference service picks CUDA when available with a CPU fallback, but the half-precision switch defaults on regardless of the device
// tier: 2
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: "addmm_impl_cpu_" not implemented for 'Half'
#include <torch/torch.h>
#include <cstring>
#include <iostream>

int main(int argc, char **argv) {
  torch::manual_seed(0);
  bool use_fp16 = true;
  for (int i = 1; i < argc; ++i)
    if (!std::strcmp(argv[i], "--fp32")) use_fp16 = false;

  const torch::Device device = torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;
  const torch::ScalarType dtype = use_fp16 ? torch::kHalf : torch::kFloat;

  torch::nn::Sequential encoder(torch::nn::Linear(64, 128), torch::nn::ReLU(), torch::nn::Linear(128, 32));
  encoder->to(device, dtype);
  encoder->eval();

  torch::NoGradGuard no_grad;
  auto requests = torch::randn({4, 64}).to(device, dtype);
  auto embeddings = encoder->forward(requests); // BUG
  std::cout << "embedding norms " << embeddings.to(torch::kFloat).norm(2, 1) << "\n";
  return 0;
}
