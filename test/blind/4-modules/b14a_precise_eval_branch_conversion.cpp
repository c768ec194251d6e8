// scenario: evaluation harness converts the regression model to float64 only when a precise-eval flag is set and feeds inputs in the dtype the model's own parameters report
// tier: 4
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>

#include <string>

namespace {

struct RegressorImpl : torch::nn::Module {
  RegressorImpl()
      : conv(register_module("conv", torch::nn::Conv1d(torch::nn::Conv1dOptions(2, 4, 3).padding(1)))),
        bn(register_module("bn", torch::nn::BatchNorm1d(4))),
        head(register_module("head", torch::nn::Linear(4 * 6, 1))) {}

  torch::Tensor forward(const torch::Tensor &x) {
    auto h = torch::relu(bn->forward(conv->forward(x)));
    return head->forward(h.flatten(1));
  }

  torch::nn::Conv1d conv;
  torch::nn::BatchNorm1d bn;
  torch::nn::Linear head;
};
TORCH_MODULE(Regressor);

torch::ScalarType parameter_dtype(torch::nn::Module &m) {
  for (const auto &p : m.parameters())
    return p.scalar_type();
  return torch::kFloat;
}

bool all_parameters_are(torch::nn::Module &m, torch::ScalarType want) {
  for (const auto &item : m.named_parameters())
    if (item.value().scalar_type() != want)
      return false;
  return true;
}

struct EvalConfig {
  bool precise = false;
  std::string name;
};

class Evaluator {
public:
  Evaluator(Regressor model, EvalConfig cfg) : model_(std::move(model)), cfg_(std::move(cfg)) {
    if (cfg_.precise)
      model_->to(torch::kDouble);
    model_->eval();
  }

  torch::Tensor predict(const torch::Tensor &batch) {
    torch::NoGradGuard no_grad;
    auto x = batch;
    if (cfg_.precise)
      x = x.to(torch::kDouble);
    return model_->forward(x);
  }

  double mse(const torch::Tensor &batch, const torch::Tensor &target) {
    auto pred = predict(batch);
    // Targets follow whatever dtype the model now computes in.
    auto t = target.to(parameter_dtype(*model_));
    return torch::mse_loss(pred.squeeze(1), t).item<double>();
  }

  Regressor &model() { return model_; }

private:
  Regressor model_;
  EvalConfig cfg_;
};

} // namespace

int main() {
  torch::manual_seed(0);
  Regressor base;
  base->train();
  for (int i = 0; i < 2; ++i)
    base->forward(torch::randn({5, 2, 6}));

  auto x = torch::randn({5, 2, 6});
  auto y = torch::randn({5});

  Evaluator fast(base, {false, "fast"});
  double fast_mse = fast.mse(x, y);
  if (!all_parameters_are(*fast.model(), torch::kFloat))
    return 1;

  Regressor second;
  {
    torch::NoGradGuard no_grad;
    for (const auto &item : base->named_parameters())
      second->named_parameters()[item.key()].copy_(item.value());
    for (const auto &item : base->named_buffers())
      second->named_buffers()[item.key()].copy_(item.value());
  }
  Evaluator precise(second, {true, "precise"});
  double precise_mse = precise.mse(x, y);
  if (!all_parameters_are(*precise.model(), torch::kDouble))
    return 1;
  if (precise.predict(x).scalar_type() != torch::kDouble)
    return 1;
  if (precise.model()->bn->num_batches_tracked.item<int64_t>() != 2)
    return 1;
  return std::abs(fast_mse - precise_mse) < 1e-4 ? 0 : 1;
}
