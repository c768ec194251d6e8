// Real-header tier: paths split by a ternary on a flag and by a query of
// the machine; facts refined by conditions on a tensor's dtype or device,
// TORCH_CHECK included (its expansion differs between versions).
#include <torch/torch.h>

void ternary_out(bool fp64) {
  auto out = torch::empty({4, 4}, fp64 ? torch::kDouble : torch::kFloat);
  auto a = torch::randn({4, 4});
  torch::mm_out(out, a, a);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm_out' needs out tensor 'out' of dtype Float but it has dtype Double; {{.*}} [torchdtype-out-dtype]
  // CHECK-MESSAGES: :[[@LINE-4]]:35: note: assuming 'fp64' is true
}

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

void early_return_on_dtype(bool fp64) {
  auto e = fp64 ? torch::randn({4, 4}, torch::kDouble) : torch::randn({4, 4});
  auto w = torch::randn({4, 4});
  if (e.scalar_type() == torch::kDouble) {
    auto r = torch::mm(e, w.to(torch::kDouble));
    return;
  }
  auto r = torch::mm(e, w);
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

#define CHECK_FLOAT(x)                                                         \
  TORCH_CHECK((x).scalar_type() == torch::kFloat, #x " must be float32")

torch::Tensor checked(bool fp64) {
  auto e = fp64 ? torch::randn({4, 4}, torch::kDouble) : torch::randn({4, 4});
  CHECK_FLOAT(e);
  return torch::mm(e, torch::randn({4, 4}));
}

torch::Tensor cpu_only_beside_cuda(bool use_cuda) {
  auto x = torch::randn({4, 4});
  if (use_cuda)
    x = x.to(torch::kCUDA);
  if (x.device().is_cuda())
    return torch::mm(x, torch::randn({4, 4}).cuda());
  return torch::mm(x, torch::randn({4, 4}));
}

#include <string>

void by_string(const std::string &precision) {
  auto q = torch::randn({4, 4});
  if (precision == "double")
    q = q.to(torch::kDouble);
  auto r = torch::mm(q, torch::randn({4, 4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
  // CHECK-MESSAGES: :[[@LINE-4]]:17: note: assuming 'precision == "double"' is true
}

void by_string_correlated(const std::string &precision) {
  auto q = torch::randn({4, 4});
  auto w = torch::randn({4, 4});
  if (precision == "double")
    q = q.to(torch::kDouble);
  if (precision == "double")
    w = w.to(torch::kDouble);
  auto r = torch::mm(q, w);
}
