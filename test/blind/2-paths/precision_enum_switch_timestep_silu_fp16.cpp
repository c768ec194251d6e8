// scenario: a diffusion denoiser maps a Precision enum to a dtype with a switch; the deployment string says "fp16", and the timestep embedding's SiLU runs in float16 on the CPU
// tier: 2
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: "silu_cpu" not implemented for 'Half'
#include <torch/torch.h>
#include <cmath>
#include <iostream>
#include <string>

enum class Precision { FP32, FP16, BF16 };

Precision parse_precision(const std::string& s) {
  if (s == "fp16") return Precision::FP16;
  if (s == "bf16") return Precision::BF16;
  return Precision::FP32;
}

torch::Dtype dtype_for(Precision p) {
  switch (p) {
    case Precision::FP16:
      return torch::kHalf;
    case Precision::BF16:
      return torch::kBFloat16;
    case Precision::FP32:
    default:
      return torch::kFloat;
  }
}

torch::Tensor sinusoidal_timesteps(const torch::Tensor& t, int64_t dim) {
  torch::Tensor freqs = torch::exp(torch::arange(0, dim / 2, torch::kFloat) * (-std::log(10000.0) / (dim / 2)));
  torch::Tensor args = t.to(torch::kFloat).unsqueeze(1) * freqs.unsqueeze(0);
  return torch::cat({args.sin(), args.cos()}, 1);
}

struct TimestepConditioner {
  torch::nn::SiLU act;
  torch::nn::Linear proj{16, 32};
  torch::Dtype dtype;

  explicit TimestepConditioner(torch::Dtype d) : dtype(d) { proj->to(d); }

  torch::Tensor operator()(const torch::Tensor& timesteps) {
    torch::Tensor emb = sinusoidal_timesteps(timesteps, 16).to(dtype);
    torch::Tensor gated = act->forward(emb); // BUG
    return proj->forward(gated);
  }
};

int main() {
  const std::string deploy_precision = "fp16"; // copied from the GPU deployment manifest
  TimestepConditioner cond(dtype_for(parse_precision(deploy_precision)));
  torch::NoGradGuard no_grad;
  torch::Tensor t = torch::tensor({1, 250, 999}, torch::kLong);
  torch::Tensor c = cond(t);
  std::cout << "conditioning " << c.sizes() << " " << c.dtype() << "\n";
  return 0;
}
