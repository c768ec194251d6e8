// scenario: a float64 projection module casts its inputs to its own weight dtype and caches an optional whitening scale
// tier: 4
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <optional>
#include <torch/torch.h>
#include <iostream>

class WhitenedProjectionImpl : public torch::nn::Module {
public:
  WhitenedProjectionImpl(int64_t in_dim, int64_t out_dim)
      : proj_(register_module("proj", torch::nn::Linear(in_dim, out_dim))) {}

  void fit_scale(const torch::Tensor& sample) {
    auto x = sample.to(proj_->weight.scalar_type());
    scale_ = 1.0 / (x.std(0) + 1e-6);
  }

  void reset_scale() { scale_.reset(); }

  torch::Tensor forward(torch::Tensor x) {
    // Callers hand in whatever the upstream produced; align with the weights.
    x = x.to(proj_->weight.scalar_type());
    if (scale_)
      x = x * *scale_;
    return proj_->forward(x);
  }

private:
  torch::nn::Linear proj_;
  std::optional<torch::Tensor> scale_;
};
TORCH_MODULE(WhitenedProjection);

int main() {
  torch::manual_seed(61);
  WhitenedProjection projection(12, 4);
  // Principal directions are fitted in double precision.
  projection->to(torch::kFloat64);

  auto calibration = torch::randn({256, 12}) * 4.0;
  projection->fit_scale(calibration);

  torch::NoGradGuard no_grad;
  auto batch = torch::randn({32, 12});
  auto whitened = projection->forward(batch);
  projection->reset_scale();
  auto raw = projection->forward(batch);

  std::cout << "whitened " << whitened.dtype() << " norm " << whitened.norm().item<double>()
            << ", raw norm " << raw.norm().item<double>() << "\n";
  return 0;
}
