// scenario: accumulates an int64 confusion matrix with bincount over evaluation batches and optionally row-normalises it
// tier: 2
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: result type Float can't be cast to the desired output type Long
#include <torch/torch.h>
#include <cstdint>
#include <iostream>
#include <string>

class ConfusionMatrix {
public:
  explicit ConfusionMatrix(int64_t num_classes)
      : num_classes_(num_classes),
        counts_(torch::zeros({num_classes, num_classes}, torch::kLong)) {}

  void update(const torch::Tensor &predictions, const torch::Tensor &targets) {
    torch::Tensor flat = targets * num_classes_ + predictions;
    torch::Tensor batch_counts =
        torch::bincount(flat, /*weights=*/{}, num_classes_ * num_classes_);
    counts_ += batch_counts.view({num_classes_, num_classes_});
  }

  torch::Tensor &counts() { return counts_; }

private:
  int64_t num_classes_;
  torch::Tensor counts_;
};

int main() {
  const int64_t num_classes = 5;
  const bool normalize_rows = true;
  torch::manual_seed(2);

  ConfusionMatrix cm(num_classes);
  for (int step = 0; step < 6; ++step) {
    torch::Tensor logits = torch::randn({32, num_classes});
    torch::Tensor targets = torch::randint(0, num_classes, {32}, torch::kLong);
    // Make the model right about two thirds of the time.
    torch::Tensor boost = torch::nn::functional::one_hot(targets, num_classes).to(torch::kFloat) * 1.5;
    torch::Tensor preds = (logits + boost).argmax(1);
    cm.update(preds, targets);
  }

  torch::Tensor &matrix = cm.counts();
  int64_t total = matrix.sum().item<int64_t>();
  int64_t correct = matrix.diagonal().sum().item<int64_t>();
  std::cout << "accuracy " << static_cast<double>(correct) / total << "\n";

  if (normalize_rows) {
    torch::Tensor row_totals = matrix.sum(1, /*keepdim=*/true).to(torch::kFloat);
    matrix /= row_totals.clamp_min(1.0); // BUG
  }

  torch::Tensor recall = matrix.diagonal().to(torch::kFloat);
  std::cout << "per-class recall: " << recall << "\n";
  return 0;
}
