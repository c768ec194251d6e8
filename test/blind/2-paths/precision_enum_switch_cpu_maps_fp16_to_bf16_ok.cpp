// scenario: an inference runner maps a Precision enum to a dtype with a switch that falls back to bfloat16 for fp16 requests on the CPU; LayerNorm, Linear, GELU and softmax all have bfloat16 CPU kernels
// tier: 2
// family: half-on-cpu
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

enum class Precision { FP32, FP16, BF16 };

torch::Dtype resolve_dtype(Precision requested, const torch::Device& device) {
  switch (requested) {
    case Precision::FP16:
      // The CPU has no fast float16 kernels; bfloat16 keeps the memory saving.
      return device.is_cpu() ? torch::kBFloat16 : torch::kHalf;
    case Precision::BF16:
      return torch::kBFloat16;
    case Precision::FP32:
      break;
  }
  return torch::kFloat;
}

struct ClassifierHead {
  torch::nn::LayerNorm norm{torch::nn::LayerNormOptions({12})};
  torch::nn::Linear fc{12, 24};
  torch::nn::GELU act;
  torch::nn::Linear out{24, 4};

  void to(torch::Dtype d) {
    norm->to(d);
    fc->to(d);
    out->to(d);
  }

  torch::Tensor forward(const torch::Tensor& x) {
    return torch::softmax(out->forward(act->forward(fc->forward(norm->forward(x)))), -1);
  }
};

int main() {
  torch::manual_seed(109);
  const torch::Device device(torch::kCPU);
  const Precision requested = Precision::FP16; // from the model card
  const torch::Dtype dtype = resolve_dtype(requested, device);

  ClassifierHead head;
  head.to(dtype);
  torch::NoGradGuard no_grad;
  torch::Tensor probs = head.forward(torch::randn({3, 12}).to(dtype));
  std::cout << "dtype " << dtype << " probs\n" << probs.to(torch::kFloat) << "\n";
  return 0;
}
