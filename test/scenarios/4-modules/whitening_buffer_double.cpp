// scenario: a whitening module registers a float64 whitening matrix as a buffer and applies it to float32 features
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Float but found Double
#include <torch/torch.h>
#include <iostream>

struct WhitenImpl : torch::nn::Module {
  explicit WhitenImpl(const torch::Tensor &fit_data) {
    auto x = fit_data.to(torch::kDouble);
    auto mu = x.mean(0);
    auto cov = torch::mm((x - mu).t(), x - mu) / (x.size(0) - 1);
    auto eig = torch::linalg_eigh(cov);
    auto inv_sqrt = torch::diag(std::get<0>(eig).clamp_min(1e-6).rsqrt());
    auto w = torch::mm(torch::mm(std::get<1>(eig), inv_sqrt), std::get<1>(eig).t());
    mean = register_buffer("mean", mu.to(torch::kFloat));
    whitening = register_buffer("whitening", w);
  }

  torch::Tensor forward(const torch::Tensor &feats) {
    return torch::mm(feats - mean, whitening); // BUG
  }

  torch::Tensor mean, whitening;
};
TORCH_MODULE(Whiten);

int main() {
  torch::manual_seed(0);
  auto fit = torch::randn({100, 4}) * torch::tensor({1.0f, 2.0f, 0.5f, 3.0f});
  Whiten whiten(fit);
  auto out = whiten->forward(torch::randn({6, 4}));
  std::cout << out.std(0) << "\n";
  return 0;
}
