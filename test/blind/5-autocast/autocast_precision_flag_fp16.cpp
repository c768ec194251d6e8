// scenario: inference script that maps a --precision flag to an autocast dtype and enables CPU autocast for a batched classifier
// tier: 5
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: Currently, AutocastCPU only support Bfloat16 as the autocast_cpu_dtype
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>
#include <string>

struct InferenceOptions {
  std::string precision = "fp16";
  int64_t batch_size = 16;
};

InferenceOptions parseArgs(int argc, char** argv) {
  InferenceOptions opts;
  for (int i = 1; i + 1 < argc; ++i)
    if (std::string(argv[i]) == "--precision")
      opts.precision = argv[i + 1];
  return opts;
}

at::ScalarType autocastDtype(const std::string& precision) {
  if (precision == "bf16")
    return at::kBFloat16;
  if (precision == "fp16")
    return at::kHalf;
  return at::kFloat;
}

void enableMixedPrecision(const std::string& precision) {
  auto dtype = autocastDtype(precision);
  if (dtype == at::kFloat)
    return;
  at::autocast::set_autocast_cpu_dtype(dtype); // BUG
  at::autocast::set_cpu_enabled(true);
}

void disableMixedPrecision() {
  at::autocast::clear_cache();
  at::autocast::set_cpu_enabled(false);
}

int main(int argc, char** argv) {
  torch::manual_seed(20);
  auto opts = parseArgs(argc, argv);

  torch::nn::Sequential classifier(torch::nn::Linear(64, 128), torch::nn::GELU(), torch::nn::Linear(128, 10));
  classifier->eval();
  torch::NoGradGuard no_grad;

  auto inputs = torch::randn({opts.batch_size, 64});
  enableMixedPrecision(opts.precision);
  auto logits = classifier->forward(inputs);
  disableMixedPrecision();

  auto predictions = logits.argmax(1);
  std::cout << "precision " << opts.precision << " logits " << logits.scalar_type() << "\n" << predictions << "\n";
  return 0;
}
