// scenario: a feature standardiser keeps running mean/var as registered buffers, so moving the model to double carries them along
// tier: 4
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

// Online standardisation in front of a regression head (a la sklearn's
// StandardScaler, updated with an exponential moving average).
struct FeatureStandardizerImpl : torch::nn::Module {
  explicit FeatureStandardizerImpl(int64_t dim, double momentum = 0.1)
      : momentum_(momentum) {
    runningMean = register_buffer("running_mean", torch::zeros({dim}));
    runningVar = register_buffer("running_var", torch::ones({dim}));
  }

  torch::Tensor forward(const torch::Tensor &x) {
    if (is_training()) {
      torch::NoGradGuard noGrad;
      auto mean = x.mean(0);
      auto var = x.var(0, /*unbiased=*/false);
      runningMean.mul_(1.0 - momentum_).add_(mean, momentum_);
      runningVar.mul_(1.0 - momentum_).add_(var, momentum_);
    }
    return (x - runningMean) / torch::sqrt(runningVar + 1e-5);
  }

  double momentum_;
  torch::Tensor runningMean, runningVar;
};
TORCH_MODULE(FeatureStandardizer);

struct RegressorImpl : torch::nn::Module {
  explicit RegressorImpl(int64_t dim)
      : scaler(register_module("scaler", FeatureStandardizer(dim))),
        head(register_module("head", torch::nn::Linear(dim, 1))) {}

  torch::Tensor forward(const torch::Tensor &x) {
    return head->forward(scaler->forward(x)).squeeze(1);
  }

  FeatureStandardizer scaler{nullptr};
  torch::nn::Linear head{nullptr};
};
TORCH_MODULE(Regressor);

int main() {
  torch::manual_seed(11);
  Regressor model(8);

  // Warm the running statistics on float data.
  for (int i = 0; i < 5; ++i)
    model->forward(torch::randn({32, 8}) * 3.0 + 1.0);

  // Switch to double for a precise evaluation; buffers follow the module.
  model->to(torch::kDouble);
  model->eval();
  torch::NoGradGuard noGrad;
  auto x = torch::randn({64, 8}, torch::kDouble) * 3.0 + 1.0;
  auto y = x.sum(1);
  auto pred = model->forward(x);
  auto rmse = torch::sqrt(torch::mse_loss(pred, y));
  std::cout << "eval rmse " << rmse.item<double>() << " mean dtype "
            << model->scaler->runningMean.dtype() << std::endl;
  return 0;
}
