// Real-header tier: a tensor converted on the branch a bool option takes,
// then used beside one that was not; flags that agree stay correlated.
#include <torch/torch.h>

torch::Tensor project(const torch::Tensor &features, bool use_fp16) {
  auto weight = torch::randn({16, 4});
  auto x = features.to(torch::kFloat);
  if (use_fp16)
    x = x.to(torch::kHalf);
  return torch::mm(x, weight);
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'mm' requires operands of the same dtype but gets Half and Float; this throws at run time{{.*}} [kb: {{.*}}] [torchdtype-mixed-precision]
  // CHECK-MESSAGES: :[[@LINE-4]]:{{[0-9]+}}: note: assuming 'use_fp16' is true
}

torch::Tensor project_correlated(const torch::Tensor &features, bool use_fp64) {
  auto weight = torch::randn({16, 4});
  auto x = features.to(torch::kFloat);
  if (use_fp64)
    x = x.to(torch::kDouble);
  if (use_fp64)
    weight = weight.to(torch::kDouble);
  return torch::mm(x, weight.to(x.scalar_type()));
}
