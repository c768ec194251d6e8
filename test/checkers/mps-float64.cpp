// RUN: %check_clang_tidy %s torchdtype-mps-float64 %t
#include <torch/torch.h>

// ---- Positives ------------------------------------------------------------

void factories() {
  auto a = torch::randn({2}, torch::TensorOptions().dtype(torch::kFloat64).device(torch::kMPS));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: float64 tensor on an MPS device; MPS has no float64 support and this throws at run time{{.*}} [kb: pytorch/mps-float64] [torchdtype-mps-float64]
  // CHECK-MESSAGES-DAG: :[[@LINE-2]]:{{[0-9]+}}: note: dtype Double set here
  // CHECK-MESSAGES-DAG: :[[@LINE-3]]:{{[0-9]+}}: note: device mps set here
  auto b = torch::zeros({2}, torch::TensorOptions().dtype(torch::kDouble).device(torch::Device("mps")));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: float64 tensor on an MPS device; MPS has no float64 support and this throws at run time{{.*}} [kb: pytorch/mps-float64] [torchdtype-mps-float64]
  torch::Device mps("mps");
  auto c = torch::ones({2}, torch::dtype(torch::kF64).device(mps));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: float64 tensor on an MPS device; MPS has no float64 support and this throws at run time{{.*}} [kb: pytorch/mps-float64] [torchdtype-mps-float64]
  auto d = at::empty({2}, at::TensorOptions(at::kMPS).dtype(at::kDouble));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: float64 tensor on an MPS device; MPS has no float64 support and this throws at run time{{.*}} [kb: pytorch/mps-float64] [torchdtype-mps-float64]
}

void conversions() {
  auto d = torch::randn({2}, torch::kDouble);
  auto a = d.to(torch::kMPS);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: float64 tensor on an MPS device; MPS has no float64 support and this throws at run time{{.*}} [kb: pytorch/mps-float64] [torchdtype-mps-float64]
  torch::Device mps("mps");
  auto b = d.to(mps);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: float64 tensor on an MPS device; MPS has no float64 support and this throws at run time{{.*}} [kb: pytorch/mps-float64] [torchdtype-mps-float64]
  auto f = torch::randn({2}, torch::kMPS);
  auto c = f.to(torch::kFloat64);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: float64 tensor on an MPS device; MPS has no float64 support and this throws at run time{{.*}} [kb: pytorch/mps-float64] [torchdtype-mps-float64]
  auto e = torch::randn({2}).to(torch::kMPS, torch::kDouble);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: float64 tensor on an MPS device; MPS has no float64 support and this throws at run time{{.*}} [kb: pytorch/mps-float64] [torchdtype-mps-float64]
  auto g = d.relu().to(torch::TensorOptions().device(torch::kMPS));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: float64 tensor on an MPS device; MPS has no float64 support and this throws at run time{{.*}} [kb: pytorch/mps-float64] [torchdtype-mps-float64]
}

// ---- Negatives ------------------------------------------------------------

void float32_on_mps() {
  auto a = torch::randn({2}, torch::kMPS);
  auto b = torch::randn({2}, torch::TensorOptions().dtype(torch::kFloat32).device(torch::kMPS));
  auto c = torch::randn({2}, torch::kHalf).to(torch::Device("mps"));
}

void double_on_cpu() {
  auto a = torch::randn({2}, torch::kDouble);
  auto b = torch::randn({2}, torch::dtype(torch::kFloat64).device(torch::kCPU));
  auto c = torch::randn({2}, torch::kDouble).to(torch::kCUDA);
}

void converted_to_float_on_the_way() {
  auto d = torch::randn({2}, torch::kDouble);
  auto a = d.to(torch::kMPS, torch::kFloat);
  auto b = d.to(torch::kFloat).to(torch::kMPS);
  auto c = d.to(torch::TensorOptions().dtype(torch::kFloat).device(torch::kMPS));
}

void unknown(const torch::Tensor& p, torch::Device dev, torch::Dtype dt) {
  auto a = p.to(torch::kMPS);
  auto b = torch::randn({2}, torch::kDouble).to(dev);
  auto c = torch::randn({2}, torch::dtype(dt).device(torch::kMPS));
}
