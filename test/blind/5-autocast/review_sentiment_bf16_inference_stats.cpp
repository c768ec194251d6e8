// scenario: batch sentiment inference under CPU bfloat16 autocast; the bf16 logits meet float32 calibration and float64 running statistics only through promoting ops or explicit casts
// tier: 5
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <ATen/autocast_mode.h>

#include <cstdint>
#include <iostream>
#include <vector>

struct RunningStats {
  torch::Tensor classMass = torch::zeros({3}, torch::kDouble);   // summed probabilities
  torch::Tensor histogram = torch::zeros({10}, torch::kDouble);  // confidence histogram
  int64_t seen = 0;
};

torch::Tensor calibrate(const torch::Tensor &logits, const torch::Tensor &calibration,
                        const torch::Tensor &bias) {
  return torch::addmm(bias, logits.to(calibration.dtype()), calibration);
}

int main() {
  torch::manual_seed(41);
  const int64_t kFeatureDim = 96;
  torch::nn::Sequential model(torch::nn::Linear(kFeatureDim, 128), torch::nn::GELU(),
                              torch::nn::Linear(128, 3));
  model->eval();
  torch::Tensor calibration = torch::eye(3) * 0.8;  // float32, fitted offline
  torch::Tensor calibrationBias = torch::tensor({0.05f, 0.0f, -0.05f});
  torch::Tensor histogramEdges = torch::linspace(0.1, 0.9, 9);  // float32
  torch::Tensor lexiconDirection = torch::randn({kFeatureDim, 1}); // float32
  RunningStats stats;

  std::vector<int64_t> batchSizes = {16, 0, 7, 32};
  for (int64_t size : batchSizes) {
    if (size == 0)
      continue;
    torch::Tensor reviews = torch::randn({size, kFeatureDim});
    torch::Tensor logits, lexiconScore;
    {
      torch::NoGradGuard noGrad;
      at::autocast::set_cpu_enabled(true);
      at::autocast::set_autocast_cpu_dtype(torch::kBFloat16);
      logits = model->forward(reviews);                      // bfloat16
      lexiconScore = torch::matmul(reviews, lexiconDirection);  // bfloat16 as well
      at::autocast::set_cpu_enabled(false);
      at::autocast::clear_cache();
    }

    torch::Tensor calibrated = calibrate(logits, calibration, calibrationBias);
    torch::Tensor probs = torch::softmax(calibrated, 1);
    auto [confidence, predicted] = probs.max(1);

    // Promoting ops: the float64 accumulators absorb the float32/bf16 values.
    stats.classMass += probs.sum(0);
    torch::Tensor bucket = torch::bucketize(confidence, histogramEdges);
    stats.histogram.index_add_(0, bucket, torch::ones_like(bucket, torch::kDouble));
    stats.seen += size;

    torch::Tensor flagged = torch::where(confidence.unsqueeze(1) < 0.5, logits, torch::zeros_like(calibrated));
    torch::Tensor report = torch::cat({logits, calibrated, lexiconScore}, 1);
    std::cout << "batch " << size << " report " << report.scalar_type() << " flagged "
              << flagged.scalar_type() << " neutral " << predicted.eq(1).sum().item<int64_t>()
              << "\n";
  }
  std::cout << "class share " << (stats.classMass / static_cast<double>(stats.seen)) << "\n";
  std::cout << "confidence histogram " << stats.histogram << "\n";
  return 0;
}
