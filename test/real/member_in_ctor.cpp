// Real-header tier: a member tensor whose dtype is set in the constructor.
#include <torch/torch.h>

class Projection {
public:
  Projection() : weight_(torch::randn({8, 8}, torch::dtype(torch::kHalf))) {}

  torch::Tensor forward() {
    auto x = torch::randn({8, 8});
    return torch::mm(x, weight_);
    // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'mm' requires operands of the same dtype but gets Float and Half; this throws at run time{{.*}} [kb: {{pytorch/mm-kernel-dtype-mismatch|pytorch/scalar-type-mismatch}}] [torchdtype-mixed-precision]
  }

  torch::Tensor forward_ok() {
    auto x = torch::randn({8, 8}, torch::kHalf);
    return torch::mm(x, weight_);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:{{[0-9]+}}: warning: 'mm' has no CPU kernel for float16 in PyTorch 1.13; this throws at run time{{.*}} [kb: pytorch/dtype-not-implemented] [torchdtype-half-on-cpu]
  }

private:
  torch::Tensor weight_;
};
