// scenario: a churn-model evaluator that re-casts its weights and its features from an optional precision override
// tier: 2
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <optional>
#include <string>

namespace {

enum class Precision { kFp32, kFp64, kAuto };

struct EvalConfig {
  Precision precision = Precision::kAuto;
  std::optional<torch::Dtype> override_dtype;
  int64_t batch_size = 32;
  bool reference_run = true;
};

EvalConfig parseArgs(int argc, char **argv) {
  EvalConfig cfg;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--fp32") cfg.precision = Precision::kFp32;
    else if (arg == "--fp64") cfg.precision = Precision::kFp64;
    else if (arg == "--fast") cfg.reference_run = false;
  }
  // Reference runs are compared against the statsmodels baseline in double.
  if (cfg.precision == Precision::kAuto && cfg.reference_run)
    cfg.override_dtype = torch::kFloat64;
  return cfg;
}

torch::Dtype resolveDtype(const EvalConfig &cfg) {
  if (cfg.override_dtype) return *cfg.override_dtype;
  switch (cfg.precision) {
  case Precision::kFp64: return torch::kFloat64;
  case Precision::kFp32:
  case Precision::kAuto: break;
  }
  return torch::kFloat32;
}

torch::nn::Sequential buildChurnModel() {
  return torch::nn::Sequential(torch::nn::Linear(12, 24), torch::nn::ReLU(),
                               torch::nn::Linear(24, 1));
}

} // namespace

int main(int argc, char **argv) {
  EvalConfig cfg = parseArgs(argc, argv);
  auto model = buildChurnModel();
  model->eval();

  const torch::Dtype dtype = resolveDtype(cfg);
  if (dtype != torch::kFloat32) {
    for (auto &p : model->parameters())
      p.set_data(p.data().to(dtype));
  }

  torch::NoGradGuard no_grad;
  torch::Tensor features;
  if (cfg.override_dtype) {
    features = torch::rand({cfg.batch_size, 12}).to(*cfg.override_dtype);
  } else {
    features = torch::rand({cfg.batch_size, 12}, torch::TensorOptions().dtype(dtype));
  }

  auto churn_prob = torch::sigmoid(model->forward(features));
  double mean_risk = churn_prob.mean().item<double>();
  std::cout << "mean churn risk " << mean_risk << " (" << churn_prob.dtype() << ")\n";
  return mean_risk >= 0.0 ? 0 : 1;
}
