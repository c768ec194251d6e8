// scenario: labels read from an int32 column buffer; the label-smoothing branch builds float soft targets, the unsmoothed branch hands the int32 ids straight to cross_entropy
// tier: 2
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Long but found Int
#include <torch/torch.h>
#include <cstdint>
#include <iostream>
#include <vector>

namespace F = torch::nn::functional;

// The columnar reader hands out raw int32 buffers.
torch::Tensor read_label_column(std::vector<int32_t>& column) {
  return torch::from_blob(column.data(), {static_cast<int64_t>(column.size())}, torch::kInt);
}

torch::Tensor make_targets(const torch::Tensor& labels, int64_t classes, double smoothing) {
  if (smoothing > 0.0) {
    auto hard = F::one_hot(labels.to(torch::kLong), classes).to(torch::kFloat);
    return hard * (1.0 - smoothing) + smoothing / static_cast<double>(classes);
  }
  return labels;
}

double epoch_loss(torch::nn::Linear head, const torch::Tensor& feats, const torch::Tensor& labels,
                  double smoothing) {
  auto targets = make_targets(labels, head->options.out_features(), smoothing);
  auto loss = F::cross_entropy(head(feats), targets); // BUG
  return loss.item<double>();
}

int main() {
  torch::manual_seed(173);
  std::vector<int32_t> column{2, 0, 1, 1, 3, 0};
  auto labels = read_label_column(column);
  torch::nn::Linear head(7, 4);
  auto feats = torch::randn({6, 7});

  for (double smoothing : {0.1, 0.0})
    std::cout << "smoothing " << smoothing << " loss "
              << epoch_loss(head, feats, labels, smoothing) << "\n";
  return 0;
}
