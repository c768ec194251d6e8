// scenario: a per-class confidence accumulator is a std::function lambda capturing the metric tensors by reference; the epoch reset rebuilds the confidence sums with zeros_like of the int64 hit counter, so the next add_ of float confidences targets an int64 tensor
// tier: 3
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: result type Float can't be cast to the desired output type Long
#include <torch/torch.h>
#include <functional>
#include <iostream>

using Accumulator = std::function<void(const torch::Tensor&)>;

struct EpochMetrics {
  torch::Tensor class_hits;       // int64 counts
  torch::Tensor class_confidence; // float32 sums

  explicit EpochMetrics(int64_t classes)
      : class_hits(torch::zeros({classes}, torch::kLong)), class_confidence(torch::zeros({classes})) {}

  void reset() {
    class_hits.zero_();
    class_confidence = torch::zeros_like(class_hits); // same shape as the counter
  }
};

// The lambda holds references to the metric tensors, so it sees every reassignment.
Accumulator make_accumulator(EpochMetrics& m, int64_t classes) {
  return [&hits = m.class_hits, &confidence = m.class_confidence, classes](const torch::Tensor& probs) {
    torch::Tensor pred = probs.argmax(1);
    hits.add_(torch::bincount(pred, /*weights=*/{}, classes));
    torch::Tensor conf = torch::zeros({classes}).index_add_(0, pred, std::get<0>(probs.max(1)));
    confidence.add_(conf); // BUG
  };
}

int main() {
  torch::manual_seed(103);
  const int64_t num_classes = 4;
  torch::nn::Linear model(5, num_classes);
  EpochMetrics metrics(num_classes);
  Accumulator accumulate = make_accumulator(metrics, num_classes);

  torch::NoGradGuard no_grad;
  for (int epoch = 0; epoch < 2; ++epoch) {
    for (int b = 0; b < 3; ++b) {
      accumulate(torch::softmax(model->forward(torch::randn({6, 5})), -1));
    }
    std::cout << "epoch " << epoch << " hits " << metrics.class_hits << " mean conf "
              << metrics.class_confidence / metrics.class_hits.clamp_min(1) << "\n";
    metrics.reset();
  }
  return 0;
}
