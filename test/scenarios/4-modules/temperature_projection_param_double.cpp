// scenario: a custom module registers its projection parameter in float64 and mixes it with the float32 input in forward
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Float but found Double
#include <torch/torch.h>
#include <cmath>
#include <iostream>

struct CosineHeadImpl : torch::nn::Module {
  CosineHeadImpl(int64_t dim, int64_t classes) {
    // Orthogonal-ish init computed via QR, which the author ran in double.
    auto q = std::get<0>(torch::linalg_qr(torch::randn({dim, classes}, torch::kDouble)));
    proj = register_parameter("proj", q);
    log_scale = register_parameter("log_scale", torch::tensor(std::log(10.0)));
  }

  torch::Tensor forward(const torch::Tensor &x) {
    auto xn = x / x.norm(2, 1, true).clamp_min(1e-6);
    auto cos = torch::matmul(xn, proj); // BUG
    return cos * log_scale.exp();
  }

  torch::Tensor proj, log_scale;
};
TORCH_MODULE(CosineHead);

int main() {
  torch::manual_seed(0);
  CosineHead head(16, 4);
  auto feats = torch::randn({5, 16});
  auto logits = head->forward(feats);
  std::cout << logits.argmax(1) << "\n";
  return 0;
}
