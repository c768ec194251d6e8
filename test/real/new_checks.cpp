// Real-header tier: the checks added with the knowledge base, on the real
// headers of each version. half-on-cpu reports only for 1.13 (V113 lines):
// from 2.1 on, the CPU has float16 kernels for these ops.
#include <ATen/autocast_mode.h>
#include <torch/torch.h>

#include <vector>

namespace F = torch::nn::functional;

torch::Tensor half_on_cpu() {
  auto h = torch::randn({4, 4}, torch::kHalf);
  auto a = torch::mm(h, h);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:{{[0-9]+}}: warning: 'mm' has no CPU kernel for float16 in PyTorch 1.13; this throws at run time{{.*}} [kb: pytorch/dtype-not-implemented] [torchdtype-half-on-cpu]
  auto b = torch::layer_norm(h, {4});
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:{{[0-9]+}}: warning: 'layer_norm' has no CPU kernel for float16 in PyTorch 1.13; this throws at run time{{.*}} [kb: pytorch/dtype-not-implemented] [torchdtype-half-on-cpu]
  torch::nn::Linear lin(4, 4);
  lin->to(torch::kHalf);
  auto c = lin(h);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:{{[0-9]+}}: warning: 'linear' has no CPU kernel for float16 in PyTorch 1.13; this throws at run time{{.*}} [kb: pytorch/dtype-not-implemented] [torchdtype-half-on-cpu]
  return a + b + c + (h + h);
}

torch::Tensor module_input() {
  torch::nn::Linear lin(4, 2);
  auto x = torch::randn({3, 4}, torch::kDouble);
  auto y = lin(x);
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: module 'lin' has Float parameters but gets a Double input; this throws at run time{{.*}} [kb: pytorch/addmm-dtype-mismatch] [torchdtype-module-input-dtype]
  return y + lin(x.to(torch::kFloat));
}

torch::Tensor losses() {
  auto logp = torch::log_softmax(torch::randn({3, 4}), 1);
  auto bad = torch::zeros({3}, torch::kInt);
  auto l1 = F::nll_loss(logp, bad);
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'nll_loss' needs a target of class indices of dtype Long but gets Int; this throws at run time{{.*}} [kb: pytorch/scalar-type-mismatch] [torchdtype-loss-target-dtype]
  auto p = torch::randn({3}, torch::requires_grad());
  auto l2 = F::mse_loss(p, torch::randn({3}, torch::kDouble));
  l2.backward();
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: backward of 'mse_loss' with an input of dtype Float and a target of dtype Double; this throws at run time{{.*}} [kb: pytorch/found-dtype-expected] [torchdtype-loss-target-dtype]
  auto ok = F::nll_loss(logp, bad.to(torch::kLong)) + F::l1_loss(p, torch::randn({3}, torch::kDouble));
  return l1 + l2 + ok;
}

torch::Tensor bce_under_cuda_autocast(const torch::Tensor &pred, const torch::Tensor &target) {
  at::autocast::set_enabled(true);
  auto l = F::binary_cross_entropy(pred, target);
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'binary_cross_entropy' is refused inside a cuda autocast region; this throws at run time{{.*}} [kb: pytorch/autocast-bce-unsafe] [torchdtype-autocast-unsafe-op]
  auto ok = F::binary_cross_entropy_with_logits(pred, target);
  at::autocast::set_enabled(false);
  return l + ok;
}

torch::Tensor blobs(std::vector<double> &values, std::vector<int64_t> &ids) {
  auto a = torch::from_blob(values.data(), {static_cast<int64_t>(values.size())});
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'from_blob' reads a buffer of 'double' (Double) as Float; the bytes are reinterpreted, not converted, and the values are wrong with no error [kb: pytorch/from-blob-dtype] [torchdtype-from-blob-dtype]
  auto b = torch::from_blob(values.data(), {2}, torch::kDouble);
  auto c = torch::from_blob(ids.data(), {2}, torch::kLong);
  return a.sum() + b.sum() + c.sum();
}
