// scenario: a kernel-ridge solver, its helpers in an anonymous namespace, passes its config by const reference; the Gram matrix buffer is allocated from cfg.accum_options (float64) and mm_out writes the float32 features' product into it
// tier: 3
// family: out-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Expected out tensor to have dtype float, but got double instead
#include <torch/torch.h>
#include <iostream>

namespace {

constexpr double kDefaultRidge = 1e-3;

struct KernelRidgeConfig {
  double ridge = kDefaultRidge;
  torch::TensorOptions feature_options = torch::TensorOptions().dtype(torch::kFloat32);
  torch::TensorOptions accum_options = torch::TensorOptions().dtype(torch::kFloat64);
};

void gram_into(const KernelRidgeConfig& cfg, const torch::Tensor& features, torch::Tensor& gram) {
  const int64_t n = features.size(0);
  if (!gram.defined() || gram.size(0) != n) {
    gram = torch::empty({n, n}, cfg.accum_options);
  }
  torch::mm_out(gram, features, features.t()); // BUG
}

torch::Tensor solve_dual(const KernelRidgeConfig& cfg, const torch::Tensor& gram, const torch::Tensor& y) {
  torch::Tensor reg = gram + cfg.ridge * torch::eye(gram.size(0), gram.options());
  return torch::linalg_solve(reg, y.to(gram.scalar_type()));
}

} // namespace

int main() {
  torch::manual_seed(73);
  const KernelRidgeConfig cfg;
  torch::Tensor x = torch::randn({10, 4}, cfg.feature_options);
  torch::Tensor y = x.sum(1, /*keepdim=*/true);

  torch::Tensor gram; // reused across refits
  gram_into(cfg, x, gram);
  torch::Tensor alpha = solve_dual(cfg, gram, y);
  std::cout << "dual coefficients " << alpha.sizes() << " " << alpha.dtype() << "\n";
  return 0;
}
