// scenario: an accuracy meter preallocates an int32 prediction buffer and fills it with argmax_out from a helper
// tier: 3
// family: out-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Expected out tensor to have dtype long int, but got int instead
#include <torch/torch.h>
#include <iostream>

namespace metrics {

void predict_into(torch::Tensor& out, const torch::Tensor& logits) {
  torch::NoGradGuard no_grad;
  torch::argmax_out(out, logits, /*dim=*/1, /*keepdim=*/false); // BUG
}

class AccuracyMeter {
 public:
  AccuracyMeter(int64_t max_batch) : preds_(torch::empty({max_batch}, torch::kInt32)) {}

  void update(const torch::Tensor& logits, const torch::Tensor& target) {
    const int64_t n = logits.size(0);
    auto view = preds_.narrow(0, 0, n);
    predict_into(view, logits);
    correct_ += view.eq(target).sum().item<int64_t>();
    seen_ += n;
  }

  double value() const { return seen_ ? static_cast<double>(correct_) / seen_ : 0.0; }

 private:
  torch::Tensor preds_;
  int64_t correct_ = 0;
  int64_t seen_ = 0;
};

}  // namespace metrics

int main() {
  torch::manual_seed(9);
  torch::nn::Linear model(6, 4);
  metrics::AccuracyMeter meter(32);
  for (int b = 0; b < 3; ++b) {
    auto x = torch::randn({32, 6});
    auto y = torch::randint(4, {32}, torch::kInt32);
    meter.update(model->forward(x), y);
  }
  std::cout << "accuracy " << meter.value() << "\n";
  return 0;
}
