// scenario: a self-distillation loop keeps a float32 exponential moving average of teacher features and updates it with lerp_ from features computed under CPU autocast
// tier: 5
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: expected dtype float for `end` but got dtype c10::BFloat16
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

class FeatureCenter {
 public:
  explicit FeatureCenter(int64_t dim, double momentum = 0.9)
      : center_(torch::zeros({dim})), momentum_(momentum) {}
  void update(const torch::Tensor &teacher_out) {
    auto batch_center = teacher_out.mean(0);
    center_.lerp_(batch_center, 1.0 - momentum_); // BUG
  }
  const torch::Tensor &get() const { return center_; }

 private:
  torch::Tensor center_;
  double momentum_;
};

int main() {
  torch::manual_seed(0);
  torch::nn::Sequential teacher(torch::nn::Linear(32, 64), torch::nn::GELU(),
                                torch::nn::Linear(64, 16));
  FeatureCenter center(16);
  torch::NoGradGuard no_grad;
  for (int step = 0; step < 3; ++step) {
    auto views = torch::randn({8, 32});
    at::autocast::set_cpu_enabled(true);
    auto t_out = teacher->forward(views);
    at::autocast::set_cpu_enabled(false);
    center.update(t_out);
  }
  std::cout << "center norm " << center.get().norm().item<float>() << "\n";
  return 0;
}
