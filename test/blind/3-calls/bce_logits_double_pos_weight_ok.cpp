// scenario: multi-label tagger computes pos_weight from label frequencies in float64; binary_cross_entropy_with_logits promotes it
// tier: 3
// family: loss-target-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

namespace F = torch::nn::functional;

torch::Tensor pos_weight_from_labels(const torch::Tensor& labels) {
  // negatives / positives per tag, computed in double for rare tags.
  torch::Tensor pos = labels.sum(0).to(torch::kDouble).clamp_min(1.0);
  torch::Tensor neg = labels.size(0) - pos;
  return neg / pos;
}

torch::Tensor tag_loss(const torch::Tensor& logits, const torch::Tensor& labels,
                       const torch::Tensor& pos_w) {
  // Labels are read as Bool from the annotation store; the loss needs a
  // floating target, so they are converted here.
  torch::Tensor target = labels.to(logits.scalar_type());
  return F::binary_cross_entropy_with_logits(
      logits, target, F::BinaryCrossEntropyWithLogitsFuncOptions().pos_weight(pos_w));
}

int main() {
  torch::manual_seed(71);
  const int64_t n = 16, tags = 5;
  torch::Tensor labels = torch::rand({n, tags}) > 0.7;
  torch::Tensor pos_w = pos_weight_from_labels(labels);

  torch::nn::Linear tagger(10, tags);
  torch::optim::Adam opt(tagger->parameters(), 1e-2);
  torch::Tensor x = torch::randn({n, 10});
  for (int it = 0; it < 3; ++it) {
    opt.zero_grad();
    torch::Tensor loss = tag_loss(tagger->forward(x), labels, pos_w);
    loss.backward();
    opt.step();
    std::cout << "iter " << it << " loss " << loss.item<float>() << "\n";
  }
  std::cout << "pos_weight " << pos_w << "\n";
  return 0;
}
