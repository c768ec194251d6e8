// scenario: feature standardizers built on a CRTP base; each derived class names its working dtype and the base casts both the features and the fitted statistics to it before mm
// tier: 3
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

template <class Derived>
class StandardizerBase {
 public:
  void fit(const torch::Tensor& x) {
    mean_ = x.mean(0, /*keepdim=*/true);
    auto centered = x - mean_;
    auto cov = centered.t().mm(centered) / static_cast<double>(x.size(0) - 1);
    auto eig = torch::linalg::eigh(cov, "L");
    auto inv_sqrt = std::get<0>(eig).clamp_min(1e-6).rsqrt();
    whiten_ = std::get<1>(eig) * inv_sqrt.unsqueeze(0);
  }

  torch::Tensor transform(const torch::Tensor& x) const {
    constexpr auto dt = Derived::kWorkingDtype;
    auto centered = x.to(dt) - mean_.to(dt);
    return torch::mm(centered, whiten_.to(dt));
  }

 protected:
  torch::Tensor mean_, whiten_;
};

struct FastStandardizer : StandardizerBase<FastStandardizer> {
  static constexpr torch::Dtype kWorkingDtype = torch::kFloat;
};

struct ExactStandardizer : StandardizerBase<ExactStandardizer> {
  static constexpr torch::Dtype kWorkingDtype = torch::kDouble;
};

template <class S>
double whitened_offdiag(S& standardizer, const torch::Tensor& data) {
  standardizer.fit(data);
  torch::Tensor z = standardizer.transform(data);
  auto cov = z.t().mm(z) / static_cast<double>(z.size(0) - 1);
  auto off = cov - torch::diag(torch::diag(cov));
  return off.abs().max().item<double>();
}

int main() {
  torch::manual_seed(109);
  auto mix = torch::randn({4, 4});
  auto data = torch::randn({200, 4}).mm(mix);
  FastStandardizer fast;
  ExactStandardizer exact;
  std::cout << "fp32 residual correlation " << whitened_offdiag(fast, data) << "\n";
  std::cout << "fp64 residual correlation " << whitened_offdiag(exact, data) << "\n";
  return 0;
}
