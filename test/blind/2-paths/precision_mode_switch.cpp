// scenario: evaluates a small MLP regressor in a float64 reference mode and a float32 fast mode, chosen by a switch over the run mode
// tier: 2
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <map>

enum class RunMode { Reference, Fast };

const char *mode_name(RunMode mode) {
  return mode == RunMode::Reference ? "reference" : "fast";
}

int main() {
  torch::manual_seed(21);
  torch::nn::Sequential regressor(
      torch::nn::Linear(10, 32), torch::nn::Tanh(),
      torch::nn::Linear(32, 32), torch::nn::Tanh(),
      torch::nn::Linear(32, 1));
  regressor->eval();

  auto raw_features = torch::randn({64, 10});
  auto raw_targets = raw_features.sum(1, /*keepdim=*/true).sin();

  std::map<RunMode, torch::Tensor> predictions;
  std::map<RunMode, double> errors;
  for (RunMode mode : {RunMode::Reference, RunMode::Fast}) {
    torch::Tensor batch = raw_features;
    torch::Tensor targets = raw_targets;
    switch (mode) {
    case RunMode::Reference:
      regressor->to(torch::kDouble);
      batch = batch.to(torch::kDouble);
      targets = targets.to(torch::kDouble);
      break;
    case RunMode::Fast:
      regressor->to(torch::kFloat);
      batch = batch.to(torch::kFloat);
      targets = targets.to(torch::kFloat);
      break;
    }

    torch::NoGradGuard no_grad;
    auto pred = regressor->forward(batch);
    errors[mode] = torch::mse_loss(pred, targets).item<double>();
    predictions[mode] = pred.to(torch::kDouble);
    std::cout << mode_name(mode) << ": mse " << errors[mode] << " ("
              << pred.dtype() << ")\n";
  }

  auto gap = (predictions[RunMode::Reference] - predictions[RunMode::Fast])
                 .abs()
                 .max()
                 .item<double>();
  std::cout << "max prediction gap " << gap << "\n";
  if (gap > 1e-5)
    return 1;
  if (std::abs(errors[RunMode::Reference] - errors[RunMode::Fast]) > 1e-4)
    return 1;
  return 0;
}
