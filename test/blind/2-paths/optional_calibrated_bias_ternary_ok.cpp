// scenario: a scoring layer takes an optional float64 bias from a calibration pass; both arms of the ternary hand addmm a bias in the activations' dtype
// tier: 2
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

namespace calib {

// Least-squares offsets are solved in double for stability.
torch::Tensor solve_offsets(const torch::Tensor& residuals) {
  return residuals.to(torch::kDouble).mean(0);
}

} // namespace calib

class CalibratedScorer {
 public:
  CalibratedScorer(int64_t in, int64_t out) : weight_(torch::randn({out, in}) * 0.1) {}

  void set_bias(c10::optional<torch::Tensor> bias) { bias_ = std::move(bias); }

  torch::Tensor score(const torch::Tensor& x) const {
    const torch::Tensor bias = bias_.has_value()
                                   ? bias_->to(x.scalar_type())
                                   : torch::zeros({weight_.size(0)}, x.options());
    return torch::addmm(bias, x, weight_.t());
  }

 private:
  torch::Tensor weight_;
  c10::optional<torch::Tensor> bias_;
};

int main() {
  torch::manual_seed(3);
  CalibratedScorer scorer(8, 4);
  torch::Tensor batch = torch::randn({6, 8});

  torch::Tensor raw = scorer.score(batch);
  torch::Tensor residuals = torch::randn({32, 4}) * 0.05;
  c10::optional<torch::Tensor> offsets = calib::solve_offsets(residuals);
  scorer.set_bias(offsets);

  torch::Tensor calibrated = scorer.score(batch);
  std::cout << "raw " << raw.dtype() << " calibrated " << calibrated.dtype()
            << " shift " << (calibrated - raw).abs().mean().item<float>() << "\n";
  return 0;
}
