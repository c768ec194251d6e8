// scenario: evaluation loop fills an int64 confusion matrix; the imbalanced split adds float inverse-frequency weights
// tier: 2
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Index put requires the source and destination dtypes match, got Long for the destination and Float for the source.
#include <torch/torch.h>

#include <algorithm>
#include <iomanip>
#include <iostream>
#include <string>
#include <vector>

namespace {

constexpr int64_t kNumClasses = 4;
constexpr int64_t kFeatures = 12;

struct EvalSplit {
  std::string name;
  int64_t size;
  bool reweight_by_frequency; // macro-averaged report for the long-tail split
};

torch::Tensor synthLabels(int64_t n, bool skewed) {
  if (!skewed)
    return torch::randint(0, kNumClasses, {n}, torch::kLong);
  // 70% class 0, the rest spread over the tail.
  torch::Tensor head = torch::zeros({n * 7 / 10}, torch::kLong);
  torch::Tensor tail = torch::randint(1, kNumClasses, {n - head.size(0)}, torch::kLong);
  return torch::cat({head, tail});
}

} // namespace

int main() {
  torch::manual_seed(5);
  torch::nn::Sequential model(torch::nn::Linear(kFeatures, 16), torch::nn::Tanh(),
                              torch::nn::Linear(16, kNumClasses));
  model->eval();
  torch::NoGradGuard no_grad;

  const std::vector<EvalSplit> splits = {
      {"val-balanced", 64, false},
      {"val-longtail", 80, true},
  };
  const int64_t batch_size = 16;

  for (const auto &split : splits) {
    torch::Tensor labels = synthLabels(split.size, split.reweight_by_frequency);
    torch::Tensor features = torch::randn({split.size, kFeatures}) + labels.unsqueeze(1);
    torch::Tensor confusion = torch::zeros({kNumClasses, kNumClasses}, torch::kLong);

    torch::Tensor class_weight;
    if (split.reweight_by_frequency) {
      torch::Tensor counts = torch::bincount(labels, {}, kNumClasses);
      class_weight = counts.sum().to(torch::kFloat) / (kNumClasses * counts.clamp_min(1).to(torch::kFloat));
    }

    for (int64_t start = 0; start < split.size; start += batch_size) {
      int64_t end = std::min(start + batch_size, split.size);
      torch::Tensor target = labels.slice(0, start, end);
      torch::Tensor pred = model->forward(features.slice(0, start, end)).argmax(1);

      torch::Tensor increment;
      if (split.reweight_by_frequency)
        increment = class_weight.index_select(0, target);
      else
        increment = torch::ones_like(target);
      confusion.index_put_({target, pred}, increment, /*accumulate=*/true); // BUG
    }

    torch::Tensor diag = confusion.diagonal().to(torch::kDouble);
    torch::Tensor recall = diag / confusion.sum(1).to(torch::kDouble).clamp_min(1e-12);
    std::cout << split.name << " macro recall " << std::fixed << std::setprecision(3)
              << recall.mean().item<double>() << "\n";
  }
  return 0;
}
