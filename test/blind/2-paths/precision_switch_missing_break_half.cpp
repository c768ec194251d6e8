// scenario: CLI precision flag handled in a switch whose float64 case lacks a break, so "fp64" falls through to the float16 conversion; batches follow the parameters' dtype on a CPU run
// tier: 2
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: "addmm_impl_cpu_" not implemented for 'Half'
#include <torch/torch.h>
#include <iostream>
#include <string>

enum class Precision { kFp32, kFp64, kFp16 };

Precision parse_precision(const std::string& flag) {
  if (flag == "fp64") return Precision::kFp64;
  if (flag == "fp16") return Precision::kFp16;
  return Precision::kFp32;
}

void apply_precision(torch::nn::Module& model, Precision p) {
  switch (p) {
    case Precision::kFp64:
      model.to(torch::kDouble);
    case Precision::kFp16:
      model.to(torch::kHalf);
      break;
    case Precision::kFp32:
    default:
      break;
  }
}

torch::Tensor run_inference(torch::nn::Sequential model, const torch::Tensor& raw) {
  torch::NoGradGuard no_grad;
  // Feed whatever precision the weights ended up in.
  auto dtype = model->parameters().front().scalar_type();
  return model->forward(raw.to(dtype)); // BUG
}

int main(int argc, char** argv) {
  std::string flag = argc > 1 ? argv[1] : "fp64";
  torch::manual_seed(139);
  torch::nn::Sequential model(torch::nn::Linear(12, 24), torch::nn::Linear(24, 3));
  model->eval();
  apply_precision(*model, parse_precision(flag));

  auto raw = torch::randn({4, 12});
  auto out = run_inference(model, raw);
  std::cout << "outputs " << out.sizes() << " " << out.dtype() << "\n";
  return 0;
}
