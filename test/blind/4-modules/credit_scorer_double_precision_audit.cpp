// scenario: an audit harness re-runs a credit scorer in double by converting every floating parameter and buffer with set_data, including BatchNorm statistics and its own thresholds
// tier: 4
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>

#include <cstdint>
#include <iostream>
#include <string>

struct DenseBlockImpl : torch::nn::Module {
  DenseBlockImpl(int64_t in, int64_t out)
      : fc(register_module("fc", torch::nn::Linear(in, out))),
        bn(register_module("bn", torch::nn::BatchNorm1d(out))) {}
  torch::Tensor forward(torch::Tensor x) { return torch::relu(bn(fc(x))); }

  torch::nn::Linear fc;
  torch::nn::BatchNorm1d bn;
};
TORCH_MODULE(DenseBlock);

class AuditHarness {
public:
  explicit AuditHarness(int64_t numFeatures)
      : model_(DenseBlock(numFeatures, 32), DenseBlock(32, 16), torch::nn::Linear(16, 1)),
        thresholds_(torch::tensor({0.35f, 0.5f, 0.65f})) {}

  // Every floating tensor the model owns goes to `dtype`; the integer
  // num_batches_tracked counters stay as they are.
  void convertTo(torch::ScalarType dtype) {
    for (auto &item : model_->named_parameters())
      item.value().set_data(item.value().to(dtype));
    for (auto &item : model_->named_buffers()) {
      if (!item.value().is_floating_point())
        continue;
      item.value().set_data(item.value().to(dtype));
    }
    thresholds_ = thresholds_.to(dtype);
    dtype_ = dtype;
  }

  void warmUp(const torch::Tensor &batch) {
    model_->train();
    torch::NoGradGuard noGrad;
    model_->forward(batch.to(dtype_));
    model_->eval();
  }

  torch::Tensor approvals(const torch::Tensor &applicants) {
    torch::NoGradGuard noGrad;
    torch::Tensor score = torch::sigmoid(model_->forward(applicants.to(dtype_)));
    return score.ge(thresholds_).sum(0);
  }

  torch::nn::Sequential &model() { return model_; }

private:
  torch::nn::Sequential model_;
  torch::Tensor thresholds_;
  torch::ScalarType dtype_ = torch::kFloat;
};

int main() {
  torch::manual_seed(31);
  AuditHarness harness(/*numFeatures=*/12);
  torch::Tensor history = torch::randn({256, 12});
  torch::Tensor applicants = torch::randn({64, 12});

  harness.warmUp(history);
  torch::Tensor singleRun = harness.approvals(applicants);

  harness.convertTo(torch::kDouble);
  harness.warmUp(history);
  torch::Tensor doubleRun = harness.approvals(applicants);

  for (const auto &item : harness.model()->named_buffers())
    std::cout << item.key() << ": " << item.value().scalar_type() << "\n";
  std::cout << "approvals float32 " << singleRun << "\napprovals float64 " << doubleRun << "\n";
  return 0;
}
