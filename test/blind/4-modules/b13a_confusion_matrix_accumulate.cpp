// scenario: an evaluation loop feeds argmax predictions into a ConfusionMatrix class whose counts tensor was created with the default dtype
// tier: 4
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Index put requires the source and destination dtypes match, got Float for the destination and Long for the source.
#include <torch/torch.h>

#include <cstdint>
#include <iomanip>
#include <iostream>
#include <vector>

namespace {

class ConfusionMatrix {
public:
  explicit ConfusionMatrix(int64_t num_classes)
      : num_classes_(num_classes), counts_(torch::zeros({num_classes, num_classes})) {}

  void update(const torch::Tensor &logits, const torch::Tensor &target) {
    torch::Tensor pred = logits.argmax(1);
    counts_.index_put_({target, pred}, torch::ones_like(pred), /*accumulate=*/true); // BUG
  }

  torch::Tensor recall() const {
    return counts_.diag() / counts_.sum(1).clamp_min(1);
  }

  torch::Tensor precision() const {
    return counts_.diag() / counts_.sum(0).clamp_min(1);
  }

  double accuracy() const {
    return (counts_.diag().sum() / counts_.sum().clamp_min(1)).item<double>();
  }

  void reset() { counts_.zero_(); }

private:
  int64_t num_classes_;
  torch::Tensor counts_;
};

struct ClassifierImpl : torch::nn::Module {
  ClassifierImpl(int64_t in, int64_t classes)
      : body(register_module("body", torch::nn::Sequential(torch::nn::Linear(in, 16),
                                                           torch::nn::ReLU(),
                                                           torch::nn::Linear(16, classes)))) {}
  torch::Tensor forward(const torch::Tensor &x) { return body->forward(x); }
  torch::nn::Sequential body;
};
TORCH_MODULE(Classifier);

} // namespace

int main() {
  torch::manual_seed(13);
  const int64_t classes = 4;
  Classifier model(6, classes);
  model->eval();

  std::vector<std::pair<torch::Tensor, torch::Tensor>> val_batches;
  for (int b = 0; b < 3; ++b)
    val_batches.emplace_back(torch::randn({5, 6}), torch::randint(classes, {5}, torch::kLong));

  ConfusionMatrix cm(classes);
  torch::NoGradGuard no_grad;
  for (const auto &batch : val_batches)
    cm.update(model(batch.first), batch.second);

  std::cout << std::fixed << std::setprecision(3) << "accuracy " << cm.accuracy()
            << "\nrecall " << cm.recall() << "\nprecision " << cm.precision() << "\n";
  return 0;
}
