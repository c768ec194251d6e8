// Real-header tier: paths split by a ternary on a flag and by a query of
// the machine; facts refined by conditions on a tensor's dtype or device.
// The lit test test/checkers/flow-conditions.cpp runs here too
// (shared-inputs.txt): a ternary into an out= tensor, an early return on a
// dtype, TORCH_CHECK by itself and in a macro (its expansion differs between
// versions), a string compared with constants.
#include <torch/torch.h>

void ternary_correlated(bool fp64) {
  auto x = torch::randn({4, 4}, fp64 ? torch::kDouble : torch::kFloat);
  auto w = torch::randn({4, 4}, fp64 ? torch::kDouble : torch::kFloat);
  auto y = torch::mm(x, w);
}

void device_fallback() {
  torch::Device device =
      torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;
  auto x = torch::randn({4, 4}).to(device);
  auto y = torch::mm(x, torch::randn({4, 4}).to(torch::kCUDA));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: {{.*}} [torchdtype-device-mismatch]
  // CHECK-MESSAGES: :[[@LINE-4]]:7: note: assuming 'torch::cuda::is_available()' is false
}

void dtype_method_compare(bool fp64) {
  auto e = fp64 ? torch::randn({4, 4}, torch::kDouble) : torch::randn({4, 4});
  if (e.dtype() != torch::kFloat)
    e = e.to(torch::kFloat);
  auto r = torch::mm(e, torch::randn({4, 4}));
}

torch::Tensor param_tested(const torch::Tensor &x) {
  auto w = torch::randn({4, 4});
  if (x.scalar_type() == torch::kDouble)
    return torch::mm(x, w);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
  return torch::mm(x.to(torch::kFloat), w);
}

torch::Tensor cpu_only_beside_cuda(bool use_cuda) {
  auto x = torch::randn({4, 4});
  if (use_cuda)
    x = x.to(torch::kCUDA);
  if (x.device().is_cuda())
    return torch::mm(x, torch::randn({4, 4}).cuda());
  return torch::mm(x, torch::randn({4, 4}));
}
