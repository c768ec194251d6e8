// scenario: builds a confusion matrix and precision curve from bool and integer tensors with ops that accept them
// tier: 1
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

int main() {
  torch::manual_seed(21);
  const int64_t n = 40, classes = 3;

  torch::Tensor labels = torch::randint(0, classes, {n});
  torch::Tensor logits = torch::randn({n, classes});
  torch::Tensor pred = logits.argmax(1);

  // Confusion matrix via bincount on the combined index (Long input).
  torch::Tensor combined = labels * classes + pred;
  torch::Tensor confusion =
      torch::bincount(combined, {}, classes * classes).view({classes, classes});

  // Bool reductions: sum and cumsum promote Bool to Long.
  torch::Tensor correct = pred.eq(labels);
  torch::Tensor n_correct = correct.sum();
  torch::Tensor running_correct = correct.cumsum(0);

  // Mean with an explicit dtype works for integral inputs.
  torch::Tensor accuracy = correct.mean(torch::kFloat);
  torch::Tensor mean_label = labels.mean(torch::kFloat);

  // Precision-at-k curve: Long / Long true-divides into Float.
  torch::Tensor ranks = torch::arange(1, n + 1);
  torch::Tensor precision_at_k = running_correct / ranks;

  torch::Tensor diag = confusion.diagonal();
  torch::Tensor row_sums = confusion.sum(1);
  torch::Tensor recall = diag / row_sums.clamp_min(1);

  std::cout << "confusion\n" << confusion << "\n";
  std::cout << "correct " << n_correct.item<int64_t>() << " accuracy "
            << accuracy.item<float>() << " mean label " << mean_label.item<float>()
            << "\n";
  std::cout << "precision@10 " << precision_at_k[9].item<float>() << "\n";
  std::cout << "recall " << recall << "\n";
  return 0;
}
