// scenario: metric module with float/double state accumulates int64 and bool batch statistics in place; every in-place add widens into the state's dtype
// tier: 4
// family: inplace-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

class AccuracyMeterImpl : public torch::nn::Module {
 public:
  explicit AccuracyMeterImpl(int64_t classes) {
    correct_ = register_buffer("correct", torch::zeros({classes}));
    total_ = register_buffer("total", torch::zeros({classes}, torch::kDouble));
    confusion_ = register_buffer("confusion", torch::zeros({classes, classes}, torch::kLong));
  }

  void update(const torch::Tensor& logits, const torch::Tensor& target) {
    torch::Tensor pred = logits.argmax(1);
    torch::Tensor hit = pred.eq(target);
    const int64_t C = correct_.size(0);
    // Long/Bool sources into Float/Double/Long state: all castable.
    correct_.index_add_(0, target, hit.to(correct_.scalar_type()));
    total_.add_(torch::bincount(target, {}, C));
    confusion_.view({-1}).index_add_(0, target * C + pred, torch::ones_like(target));
    correct_.mul_(1);
  }

  torch::Tensor per_class() const { return correct_ / total_.clamp_min(1.0); }
  const torch::Tensor& confusion() const { return confusion_; }

 private:
  torch::Tensor correct_, total_, confusion_;
};
TORCH_MODULE(AccuracyMeter);

int main() {
  torch::manual_seed(137);
  AccuracyMeter meter(4);
  for (int b = 0; b < 3; ++b) {
    torch::Tensor logits = torch::randn({10, 4});
    torch::Tensor target = torch::randint(0, 4, {10});
    meter->update(logits, target);
  }
  std::cout << "per-class accuracy " << meter->per_class() << "\n";
  std::cout << "confusion\n" << meter->confusion() << "\n";
  return 0;
}
