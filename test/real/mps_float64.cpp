// Real-header tier: float64 on MPS throws ("Cannot convert a MPS Tensor to float64
// dtype as the MPS framework doesn't support float64").
#include <torch/torch.h>

torch::Tensor mps_double_options() {
  auto opts = torch::TensorOptions().dtype(torch::kFloat64).device(torch::kMPS);
  return torch::zeros({2, 2}, opts);
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: float64 tensor on an MPS device; MPS has no float64 support and this throws at run time{{.*}} [kb: pytorch/mps-float64] [torchdtype-mps-float64]
}

torch::Tensor mps_double_to() {
  auto t = torch::randn({2, 2}, torch::kDouble);
  return t.to(torch::Device(torch::kMPS));
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: float64 tensor on an MPS device; MPS has no float64 support and this throws at run time{{.*}} [kb: pytorch/mps-float64] [torchdtype-mps-float64]
}

torch::Tensor mps_float_ok() {
  auto opts = torch::TensorOptions().dtype(torch::kFloat32).device(torch::kMPS);
  return torch::zeros({2, 2}, opts);
}
