// scenario: validation pass that accumulates an int64 confusion matrix, optionally weighting samples by inverse class frequency
// tier: 2
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Index put requires the source and destination dtypes match, got Long for the destination and Float for the source
#include <torch/torch.h>
#include <iomanip>
#include <iostream>

namespace {

constexpr int64_t kClasses = 4;
constexpr int64_t kEvalBatch = 50;

struct EvalConfig {
  bool balance_by_frequency = true;
  int64_t max_batches = 6;
};

torch::Tensor inverse_frequency(const torch::Tensor &labels) {
  auto counts = torch::bincount(labels, /*weights=*/{}, kClasses).to(torch::kFloat);
  auto inv = counts.sum() / counts.clamp_min(1.0);
  return inv / inv.mean();
}

void print_confusion(const torch::Tensor &confusion) {
  auto acc = confusion.accessor<int64_t, 2>();
  for (int64_t t = 0; t < kClasses; ++t) {
    for (int64_t p = 0; p < kClasses; ++p)
      std::cout << std::setw(6) << acc[t][p];
    std::cout << "\n";
  }
}

} // namespace

int main() {
  torch::manual_seed(3);
  auto val_x = torch::randn({300, 10});
  auto val_y = torch::randint(0, kClasses, {300}, torch::kLong);

  torch::nn::Linear classifier(10, kClasses);
  classifier->eval();
  torch::NoGradGuard no_grad;

  EvalConfig cfg;
  auto class_weight = inverse_frequency(val_y);
  auto confusion = torch::zeros({kClasses, kClasses}, torch::kLong);
  int64_t offset = 0, batches = 0;
  double nll_sum = 0.0;

  do {
    const int64_t n = std::min(kEvalBatch, val_x.size(0) - offset);
    auto inputs = val_x.narrow(0, offset, n);
    auto targets = val_y.narrow(0, offset, n);
    auto logits = classifier(inputs);
    auto preds = logits.argmax(1);
    nll_sum += torch::nn::functional::cross_entropy(logits, targets).item<double>() * n;

    torch::Tensor increments;
    if (cfg.balance_by_frequency)
      increments = class_weight.index_select(0, targets);
    else
      increments = torch::ones_like(targets);
    confusion.index_put_({targets, preds}, increments, /*accumulate=*/true); // BUG

    offset += n;
    ++batches;
  } while (offset < val_x.size(0) && batches < cfg.max_batches);

  auto diag = confusion.diagonal().sum().item<int64_t>();
  auto total = confusion.sum().item<int64_t>();
  print_confusion(confusion);
  std::cout << "accuracy " << static_cast<double>(diag) / std::max<int64_t>(total, 1)
            << " nll " << nll_sum / offset << "\n";
  return 0;
}
