// scenario: embedding pipeline enables CPU autocast from a config flag and projects the encoder output onto a PCA basis that was fitted and stored in float64; matmul casts the encoder side to bf16 and leaves the float64 basis alone
// tier: 5
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type BFloat16 but found Double
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

struct PipelineConfig {
  bool bf16_autocast = true;
  int64_t in_dim = 20;
  int64_t hidden = 32;
  int64_t components = 4;
};

// PCA fitted on a reference batch; eigendecomposition done in float64.
torch::Tensor fit_pca_basis(const torch::Tensor& reference, int64_t k) {
  auto centered = reference.to(torch::kFloat64) - reference.to(torch::kFloat64).mean(0);
  auto cov = centered.t().mm(centered) / (reference.size(0) - 1);
  auto eig = torch::linalg_eigh(cov);
  return std::get<1>(eig).narrow(1, cov.size(0) - k, k);  // [hidden, k] float64
}

int main() {
  torch::manual_seed(12);
  PipelineConfig cfg;
  torch::nn::Sequential encoder(torch::nn::Linear(cfg.in_dim, cfg.hidden), torch::nn::GELU(),
                                torch::nn::Linear(cfg.hidden, cfg.hidden));
  encoder->eval();
  torch::NoGradGuard no_grad;

  auto reference = encoder->forward(torch::randn({64, cfg.in_dim}));
  auto basis = fit_pca_basis(reference, cfg.components);

  auto batch = torch::randn({8, cfg.in_dim});
  if (cfg.bf16_autocast) at::autocast::set_cpu_enabled(true);
  auto hidden = encoder->forward(batch);
  auto reduced = torch::matmul(hidden, basis); // BUG
  at::autocast::set_cpu_enabled(false);

  std::cout << "reduced " << reduced.sizes() << "\n";
  return 0;
}
