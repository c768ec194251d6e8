// scenario: evaluation loop computes accuracy as the mean of a bool comparison
// tier: 1
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: mean(): could not infer output dtype. Input dtype must be either a floating point or complex dtype. Got: Bool
#include <torch/torch.h>
#include <iomanip>
#include <iostream>

int main() {
  torch::manual_seed(5);
  const int64_t n = 16, classes = 4;

  torch::nn::Linear head(6, classes);
  torch::Tensor features = torch::randn({n, 6});
  torch::Tensor labels = torch::randint(0, classes, {n});

  head->eval();
  torch::NoGradGuard no_grad;
  torch::Tensor logits = head->forward(features);
  torch::Tensor loss = torch::nn::functional::cross_entropy(logits, labels);
  torch::Tensor pred = logits.argmax(1);
  torch::Tensor top2 = std::get<1>(logits.topk(2, 1));

  // Per-class recall counts: these are integer sums and are fine.
  torch::Tensor hits = pred.eq(labels);
  torch::Tensor per_class_hits = torch::zeros({classes}, torch::kLong)
                                     .index_add_(0, labels, hits.to(torch::kLong));
  torch::Tensor per_class_total = torch::bincount(labels, {}, classes);
  torch::Tensor top2_hits = top2.eq(labels.unsqueeze(1)).any(1);

  torch::Tensor accuracy = hits.mean(); // BUG
  torch::Tensor top2_acc = top2_hits.sum().to(torch::kFloat) / n;
  torch::Tensor recall = per_class_hits.to(torch::kFloat) /
                         per_class_total.clamp_min(1).to(torch::kFloat);

  std::cout << std::setprecision(4) << "loss " << loss.item<float>() << " accuracy "
            << accuracy.item<float>() << " top-2 " << top2_acc.item<float>() << "\n";
  std::cout << "recall per class " << recall << "\n";
  return 0;
}
