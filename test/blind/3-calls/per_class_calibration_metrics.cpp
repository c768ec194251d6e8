// scenario: a calibration report accumulates per-class confidence sums; the score helper returns float64 "for stable sums" and the accumulator index_adds it into float32 buffers
// tier: 3
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: index_add_(): self (Float) and source (Double) must have the same scalar type
#include <torch/torch.h>

#include <iomanip>
#include <iostream>

namespace {

constexpr int64_t kNumClasses = 10;

struct CalibrationTotals {
  torch::Tensor confidence_sum = torch::zeros({kNumClasses});
  torch::Tensor correct_sum = torch::zeros({kNumClasses});
  torch::Tensor count = torch::zeros({kNumClasses});
};

// Max softmax probability per row; sums over many batches drift in fp32,
// so the helper hands back float64.
torch::Tensor confidence_scores(const torch::Tensor &logits) {
  auto probs = torch::softmax(logits.to(torch::kFloat64), /*dim=*/1);
  return std::get<0>(probs.max(/*dim=*/1));
}

torch::Tensor correctness(const torch::Tensor &logits, const torch::Tensor &labels) {
  return logits.argmax(1).eq(labels).to(torch::kFloat);
}

void accumulate(CalibrationTotals &totals, const torch::Tensor &predicted,
                const torch::Tensor &confidence, const torch::Tensor &correct) {
  totals.count.index_add_(0, predicted, torch::ones_like(correct));
  totals.correct_sum.index_add_(0, predicted, correct);
  totals.confidence_sum.index_add_(0, predicted, confidence);  // BUG
}

void print_report(const CalibrationTotals &totals) {
  auto safe_count = totals.count.clamp_min(1.0);
  auto accuracy = totals.correct_sum / safe_count;
  auto confidence = totals.confidence_sum / safe_count;
  auto gap = (accuracy - confidence).abs();
  for (int64_t c = 0; c < kNumClasses; ++c)
    std::cout << "class " << c << std::fixed << std::setprecision(3)
              << " acc " << accuracy[c].item<float>() << " conf "
              << confidence[c].item<float>() << " gap " << gap[c].item<float>() << "\n";
}

} // namespace

int main() {
  torch::NoGradGuard no_grad;
  torch::manual_seed(3);
  CalibrationTotals totals;
  for (int step = 0; step < 5; ++step) {
    auto logits = torch::randn({64, kNumClasses}) * 2.0;
    auto labels = torch::randint(0, kNumClasses, {64});
    auto predicted = logits.argmax(1);
    accumulate(totals, predicted, confidence_scores(logits), correctness(logits, labels));
  }
  print_report(totals);
  return 0;
}
