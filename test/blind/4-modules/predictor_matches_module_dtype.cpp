// scenario: a serving-side Predictor wraps a regression model that may have been exported in float64 and adapts its inputs
// tier: 4
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <memory>
#include <optional>
#include <string>

class Predictor {
 public:
  virtual ~Predictor() = default;
  virtual torch::Tensor predict(const torch::Tensor& features) = 0;
};

class ModulePredictor : public Predictor {
 public:
  ModulePredictor(torch::nn::Sequential model, std::optional<torch::Dtype> export_dtype)
      : model_(std::move(model)) {
    if (export_dtype) model_->to(*export_dtype);
    model_->eval();
  }

  torch::Tensor predict(const torch::Tensor& features) override {
    torch::NoGradGuard no_grad;
    auto dtype = model_->parameters().front().scalar_type();
    auto x = features.scalar_type() == dtype ? features : features.to(dtype);
    return model_->forward(x).to(torch::kFloat32);
  }

 private:
  torch::nn::Sequential model_;
};

std::unique_ptr<Predictor> make_predictor(const std::string& precision) {
  torch::nn::Sequential net(torch::nn::Linear(6, 32), torch::nn::Tanh(), torch::nn::Linear(32, 1));
  std::optional<torch::Dtype> dtype;
  if (precision == "double") dtype = torch::kFloat64;
  return std::make_unique<ModulePredictor>(net, dtype);
}

int main() {
  torch::manual_seed(21);
  auto features = torch::randn({10, 6});
  for (const std::string precision : {"float", "double"}) {
    auto predictor = make_predictor(precision);
    auto y = predictor->predict(features);
    std::cout << precision << ": mean prediction " << y.mean().item<float>() << "\n";
  }
  return 0;
}
