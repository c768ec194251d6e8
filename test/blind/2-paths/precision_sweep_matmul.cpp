// scenario: micro-benchmark sweeping GEMM precisions against a float64 reference, fp16 only on an accelerator
// tier: 2
// family: half-on-cpu
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <chrono>
#include <iostream>
#include <string>
#include <utility>
#include <vector>

int main() {
  const torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
  const std::vector<std::pair<std::string, torch::Dtype>> sweep = {
      {"fp32", torch::kFloat32},
      {"fp64", torch::kFloat64},
      {"fp16", torch::kFloat16},
      {"bf16", torch::kBFloat16},
  };
  const int64_t n = 96;
  const int repeats = 3;

  torch::manual_seed(21);
  auto a = torch::randn({n, n}, torch::kFloat64);
  auto b = torch::randn({n, n}, torch::kFloat64);
  auto reference = torch::mm(a, b);

  for (const auto &entry : sweep) {
    const std::string &name = entry.first;
    const torch::Dtype dtype = entry.second;
    if (dtype == torch::kFloat16 && device.is_cpu()) {
      std::cout << name << ": skipped on cpu\n";
      continue;
    }
    auto opts = torch::TensorOptions().dtype(dtype).device(device);
    auto lhs = a.to(opts);
    auto rhs = b.to(opts);

    torch::Tensor out;
    auto start = std::chrono::steady_clock::now();
    for (int r = 0; r < repeats; ++r)
      out = torch::mm(lhs, rhs);
    auto stop = std::chrono::steady_clock::now();

    auto err = (out.to(torch::kCPU, torch::kFloat64) - reference).abs().max().item<double>();
    auto us = std::chrono::duration_cast<std::chrono::microseconds>(stop - start).count();
    std::cout << name << ": max abs err " << err << ", " << us / repeats << " us/iter\n";
  }
  return 0;
}
