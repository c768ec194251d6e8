// scenario: regressors derive from a base module with a virtual forward; the scaled variant registers float64 feature scales and is evaluated through a base reference
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: mat1 and mat2 must have the same dtype
#include <torch/torch.h>
#include <iostream>
#include <memory>
#include <vector>

struct RegressorBase : torch::nn::Module {
  virtual ~RegressorBase() = default;
  virtual torch::Tensor forward(const torch::Tensor& x) = 0;
  virtual std::string name() const = 0;
};

struct LinearRegressor : RegressorBase {
  explicit LinearRegressor(int64_t features)
      : fc(register_module("fc", torch::nn::Linear(features, 1))) {}
  torch::Tensor forward(const torch::Tensor& x) override { return fc(x); }
  std::string name() const override { return "linear"; }
  torch::nn::Linear fc;
};

struct ScaledRegressor : RegressorBase {
  explicit ScaledRegressor(std::vector<double> scales)
      : fc(register_module("fc", torch::nn::Linear(static_cast<int64_t>(scales.size()), 1))) {
    feature_scale = register_buffer(
        "feature_scale",
        torch::from_blob(scales.data(), {static_cast<int64_t>(scales.size())}, torch::kFloat64).clone());
  }
  torch::Tensor forward(const torch::Tensor& x) override {
    return fc(x * feature_scale); // BUG
  }
  std::string name() const override { return "scaled"; }
  torch::nn::Linear fc;
  torch::Tensor feature_scale;
};

double evaluate(RegressorBase& model, const torch::Tensor& x, const torch::Tensor& y) {
  torch::NoGradGuard no_grad;
  model.eval();
  torch::Tensor prediction = model.forward(x);
  return torch::mse_loss(prediction, y).item<double>();
}

int main() {
  torch::manual_seed(6);
  torch::Tensor x = torch::randn({50, 4});
  torch::Tensor y = x.sum(1, /*keepdim=*/true);

  auto plain = std::make_shared<LinearRegressor>(4);
  std::cout << plain->name() << " mse " << evaluate(*plain, x, y) << "\n";

  auto scaled = std::make_shared<ScaledRegressor>(std::vector<double>{1.0, 0.5, 2.0, 0.25});
  std::cout << scaled->name() << " mse " << evaluate(*scaled, x, y) << "\n";
  return 0;
}
