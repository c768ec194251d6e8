// scenario: exponential-moving-average tracker of model weights templated on its at::ScalarType; the float64 tracker updates with in-place mul_/add_, which cast, and index_copy_ with an explicit cast
// tier: 3
// family: inplace-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <vector>

template <at::ScalarType Track>
class EmaTracker {
 public:
  EmaTracker(const std::vector<torch::Tensor>& params, double decay) : decay_(decay) {
    for (const auto& p : params)
      shadow_.push_back(p.detach().to(Track).clone());
  }

  void update(const std::vector<torch::Tensor>& params) {
    torch::NoGradGuard no_grad;
    for (size_t i = 0; i < params.size(); ++i)
      shadow_[i].mul_(decay_).add_(params[i], 1.0 - decay_);
  }

  // Re-seed selected rows of a matrix from the live weights (after a reset).
  void reseed_rows(size_t which, const torch::Tensor& rows, const torch::Tensor& live) {
    shadow_[which].index_copy_(0, rows, live.index_select(0, rows).detach().to(Track));
  }

  double norm() const {
    double total = 0.0;
    for (const auto& s : shadow_) total += s.pow(2).sum().item<double>();
    return std::sqrt(total);
  }

 private:
  double decay_;
  std::vector<torch::Tensor> shadow_;
};

int main() {
  torch::manual_seed(103);
  torch::nn::Linear model(5, 4);
  EmaTracker<at::kDouble> ema(model->parameters(), 0.99);
  torch::optim::SGD opt(model->parameters(), torch::optim::SGDOptions(0.1));
  for (int step = 0; step < 5; ++step) {
    opt.zero_grad();
    model(torch::randn({8, 5})).pow(2).mean().backward();
    opt.step();
    ema.update(model->parameters());
  }
  ema.reseed_rows(0, torch::tensor({1, 3}, torch::kLong), model->weight);
  std::cout << "ema norm " << ema.norm() << "\n";
  return 0;
}
