// scenario: inference tool builds a classifier, casts it to the configured precision through a helper and runs a batch
// tier: 4
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: "addmm_impl_cpu_" not implemented for 'Half'
#include <torch/torch.h>
#include <iostream>
#include <stdexcept>
#include <string>

struct InferenceOptions {
  std::string precision = "fp16";
  int64_t batchSize = 4;
  int64_t inputDim = 20;
  int64_t numClasses = 3;
};

torch::Dtype dtypeFor(const std::string &precision) {
  if (precision == "fp32")
    return torch::kFloat32;
  if (precision == "fp16")
    return torch::kFloat16;
  if (precision == "bf16")
    return torch::kBFloat16;
  throw std::invalid_argument("precision " + precision);
}

torch::nn::Sequential buildClassifier(int64_t inputDim, int64_t hidden, int64_t numClasses) {
  return torch::nn::Sequential(torch::nn::Linear(inputDim, hidden), torch::nn::ReLU(),
                               torch::nn::Linear(hidden, numClasses));
}

void castModule(torch::nn::Module &module, torch::Dtype dtype) { module.to(dtype); }

void prepareForInference(torch::nn::Sequential &model, const InferenceOptions &opts) {
  model->eval();
  castModule(*model, dtypeFor(opts.precision));
}

int main() {
  InferenceOptions opts;
  torch::manual_seed(41);

  auto model = buildClassifier(opts.inputDim, 64, opts.numClasses);
  prepareForInference(model, opts);

  auto batch = torch::randn({opts.batchSize, opts.inputDim}).to(dtypeFor(opts.precision));
  torch::NoGradGuard noGrad;
  auto logits = model->forward(batch); // BUG
  auto predicted = logits.argmax(1);
  for (int64_t i = 0; i < opts.batchSize; ++i)
    std::cout << "sample " << i << " -> class " << predicted[i].item<int64_t>() << "\n";
  return 0;
}
