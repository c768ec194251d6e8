// scenario: model loader switches over a precision enum to cast the model and its inputs; the FP16 branch produces a float16 Linear stack that the CPU cannot run
// tier: 2
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: "addmm_impl_cpu_" not implemented for 'Half'
#include <torch/torch.h>
#include <iostream>
#include <string>

enum class Precision { kFP32, kBF16, kFP16 };

const char* name_of(Precision p) {
  switch (p) {
    case Precision::kFP32: return "fp32";
    case Precision::kBF16: return "bf16";
    case Precision::kFP16: return "fp16";
  }
  return "?";
}

int main() {
  torch::manual_seed(4);
  const Precision precision = Precision::kFP16;   // from the exported model card
  torch::nn::Sequential mlp(torch::nn::Linear(12, 24), torch::nn::GELU(), torch::nn::Linear(24, 6));
  mlp->eval();

  torch::ScalarType dtype = torch::kFloat32;
  switch (precision) {
    case Precision::kFP32:
      break;
    case Precision::kBF16:
      dtype = torch::kBFloat16;
      break;
    case Precision::kFP16:
      dtype = torch::kFloat16;
      break;
  }
  mlp->to(dtype);

  torch::NoGradGuard no_grad;
  auto batch = torch::randn({5, 12}).to(dtype);
  auto logits = mlp->forward(batch); // BUG
  std::cout << name_of(precision) << " logits " << logits.sizes() << "\n";
  return 0;
}
