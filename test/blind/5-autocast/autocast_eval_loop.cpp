// scenario: an evaluation loop runs the classifier under CPU autocast, then applies a float32 calibration matrix to the logits
// tier: 5
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type BFloat16 but found Float
#include <ATen/autocast_mode.h>
#include <torch/torch.h>
#include <iostream>
#include <vector>

namespace {

struct EvalConfig {
  bool use_autocast = true;
  torch::ScalarType autocast_dtype = torch::kBFloat16;
  int64_t batches = 4;
  int64_t batch_size = 32;
};

torch::Tensor run_classifier(torch::nn::Sequential& model, const torch::Tensor& x,
                             const EvalConfig& cfg) {
  if (!cfg.use_autocast)
    return model->forward(x);
  at::autocast::set_autocast_cpu_dtype(cfg.autocast_dtype);
  at::autocast::set_cpu_enabled(true);
  at::autocast::increment_nesting();
  auto logits = model->forward(x);
  at::autocast::decrement_nesting();
  at::autocast::clear_cache();
  at::autocast::set_cpu_enabled(false);
  return logits;
}

} // namespace

int main() {
  torch::manual_seed(83);
  EvalConfig cfg;
  const int64_t in_dim = 40, classes = 6;
  torch::nn::Sequential model(torch::nn::Linear(in_dim, 64), torch::nn::ReLU(),
                              torch::nn::Linear(64, classes));
  model->eval();

  // Vector-scaling calibration fitted on a held-out split.
  auto calibration = torch::eye(classes) * 0.8 + 0.2 / classes;

  torch::NoGradGuard no_grad;
  int64_t correct = 0, seen = 0;
  for (int64_t b = 0; b < cfg.batches; ++b) {
    auto x = torch::randn({cfg.batch_size, in_dim});
    auto y = torch::randint(0, classes, {cfg.batch_size});
    auto logits = run_classifier(model, x, cfg);
    auto calibrated = torch::mm(logits, calibration); // BUG
    correct += calibrated.argmax(1).eq(y).sum().item<int64_t>();
    seen += cfg.batch_size;
  }
  std::cout << "accuracy " << static_cast<double>(correct) / seen << "\n";
  return 0;
}
