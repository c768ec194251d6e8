// scenario: inference server maps a deployment profile's precision enum onto CPU autocast settings in a switch; the FP16 profile asks 1.13's AutocastCPU for float16, which it refuses
// tier: 5
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: Currently, AutocastCPU only support Bfloat16 as the autocast_cpu_dtype
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>
#include <string>

enum class Precision { FP32, BF16, FP16 };

struct DeploymentProfile {
  std::string name;
  Precision precision;
  int64_t max_batch;
};

Precision parse_precision(const std::string& s) {
  if (s == "bf16") return Precision::BF16;
  if (s == "fp16") return Precision::FP16;
  return Precision::FP32;
}

void configure_autocast(Precision p) {
  switch (p) {
    case Precision::FP32:
      at::autocast::set_cpu_enabled(false);
      break;
    case Precision::BF16:
      at::autocast::set_autocast_cpu_dtype(at::kBFloat16);
      at::autocast::set_cpu_enabled(true);
      break;
    case Precision::FP16:
      at::autocast::set_autocast_cpu_dtype(at::kHalf); // BUG
      at::autocast::set_cpu_enabled(true);
      break;
  }
}

int main() {
  torch::manual_seed(1);
  DeploymentProfile profile{"edge-small", parse_precision("fp16"), 8};
  torch::nn::Sequential model(torch::nn::Linear(16, 32), torch::nn::ReLU(), torch::nn::Linear(32, 4));
  model->eval();

  configure_autocast(profile.precision);
  torch::NoGradGuard no_grad;
  auto requests = torch::randn({profile.max_batch, 16});
  auto out = model->forward(requests);
  at::autocast::set_cpu_enabled(false);
  std::cout << profile.name << " served " << out.size(0) << " requests in " << out.dtype() << "\n";
  return 0;
}
