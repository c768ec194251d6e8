// scenario: CT triage model converts Hounsfield-unit slices to float64 for windowing and runs its conv stem under CUDA autocast; conv2d casts weight and bias to float16 but leaves the float64 input alone
// tier: 5
// family: mixed-precision
// expect: bug
// verified: source
// source: aten/src/ATen/autocast_mode.cpp (PyTorch 1.13.1): conv2d is lower_precision_fp for Autocast (CUDA) and cached_cast skips float64 (is_eligible / prioritize ignore kDouble); aten/src/ATen/native/Convolution.cpp (PyTorch 1.13.1) conv2d: TORCH_CHECK(!bias.defined() || bias.dtype() == input_.dtype(), "Input type (", ..., ") and bias type (", ..., ") should be the same") -- the CPU-autocast analogue raised "Input type (double) and bias type (c10::BFloat16) should be the same" on 1.13.1
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

struct Window {
  double level;
  double width;
};

// Lung window applied in double precision, as in the DICOM reference code.
torch::Tensor apply_window(const torch::Tensor& hu, Window w) {
  auto x = hu.to(torch::kFloat64);
  auto lo = w.level - w.width / 2.0, hi = w.level + w.width / 2.0;
  return (x.clamp(lo, hi) - lo) / (hi - lo);
}

struct TriageNetImpl : torch::nn::Module {
  torch::nn::Conv2d stem{nullptr};
  torch::nn::Linear fc{nullptr};
  TriageNetImpl() {
    stem = register_module("stem", torch::nn::Conv2d(torch::nn::Conv2dOptions(1, 16, 5).stride(2).padding(2)));
    fc = register_module("fc", torch::nn::Linear(16, 2));
  }
  torch::Tensor forward(const torch::Tensor& slices) {
    auto h = torch::relu(stem(slices)); // BUG
    return fc(torch::adaptive_avg_pool2d(h, {1, 1}).flatten(1));
  }
};
TORCH_MODULE(TriageNet);

int main() {
  torch::Device device(torch::kCUDA);
  TriageNet net;
  net->to(device);
  net->eval();

  auto hu = (torch::rand({4, 1, 64, 64}) * 2000 - 1000).to(device);
  auto slices = apply_window(hu, {-600.0, 1500.0});

  torch::NoGradGuard no_grad;
  at::autocast::set_enabled(true);
  auto logits = net->forward(slices);
  at::autocast::set_enabled(false);
  std::cout << "urgent: " << logits.argmax(1).cpu() << "\n";
  return 0;
}
