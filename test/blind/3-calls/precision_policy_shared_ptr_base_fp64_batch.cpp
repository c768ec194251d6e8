// scenario: evaluation harness takes its numeric precision from a policy object; the Fp64Policy picked through a shared_ptr<PrecisionPolicy> casts the batches but nothing casts the float32 model
// tier: 3
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: mat1 and mat2 must have the same dtype
#include <torch/torch.h>
#include <iostream>
#include <memory>
#include <string>

class PrecisionPolicy {
 public:
  virtual ~PrecisionPolicy() = default;
  virtual torch::Dtype compute_dtype() const = 0;
  virtual std::string name() const = 0;
  torch::Tensor prepare(const torch::Tensor& batch) const {
    return batch.to(compute_dtype()).contiguous();
  }
};

class Fp32Policy : public PrecisionPolicy {
 public:
  torch::Dtype compute_dtype() const override { return torch::kFloat; }
  std::string name() const override { return "fp32"; }
};

class Fp64Policy : public PrecisionPolicy {
 public:
  torch::Dtype compute_dtype() const override { return torch::kDouble; }
  std::string name() const override { return "fp64"; }
};

struct EvalReport {
  double mse;
  int64_t samples;
};

EvalReport evaluate(torch::nn::Sequential model, const PrecisionPolicy& policy,
                    const torch::Tensor& inputs, const torch::Tensor& targets) {
  torch::NoGradGuard no_grad;
  model->eval();
  auto x = policy.prepare(inputs);
  auto pred = model->forward(x); // BUG
  auto err = torch::mse_loss(pred, policy.prepare(targets));
  return {err.item<double>(), inputs.size(0)};
}

int main() {
  torch::manual_seed(67);
  torch::nn::Sequential model(torch::nn::Linear(4, 16), torch::nn::Softplus(),
                              torch::nn::Linear(16, 1));
  std::shared_ptr<PrecisionPolicy> policy = std::make_shared<Fp64Policy>();

  auto inputs = torch::randn({10, 4});
  auto targets = inputs.sum(1, /*keepdim=*/true);
  auto report = evaluate(model, *policy, inputs, targets);
  std::cout << policy->name() << " mse " << report.mse << " over " << report.samples << "\n";
  return 0;
}
