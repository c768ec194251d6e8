// scenario: tabular regressor converted to float64 for a Hessian-based uncertainty estimate; the output head is assigned to a member but never passed to register_module
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: mat1 and mat2 must have the same dtype
#include <torch/torch.h>
#include <iostream>

struct TabularRegressorImpl : torch::nn::Module {
  TabularRegressorImpl(int64_t in_features, int64_t hidden) {
    encoder_ = register_module(
        "encoder", torch::nn::Sequential(torch::nn::Linear(in_features, hidden),
                                         torch::nn::Tanh(),
                                         torch::nn::Linear(hidden, hidden),
                                         torch::nn::Tanh()));
    head_ = torch::nn::Linear(hidden, 1);
  }

  torch::Tensor forward(const torch::Tensor& x) {
    auto h = encoder_->forward(x);
    return head_(h).squeeze(1); // BUG
  }

  torch::nn::Sequential encoder_{nullptr};
  torch::nn::Linear head_{nullptr};
};
TORCH_MODULE(TabularRegressor);

// Laplace approximation over the last layer needs a well-conditioned Gram
// matrix of features, so the network is evaluated in float64.
torch::Tensor predictive_variance(TabularRegressor model, const torch::Tensor& x,
                                  double prior_precision) {
  torch::NoGradGuard no_grad;
  model->to(torch::kDouble);
  auto xd = x.to(torch::kDouble);
  auto mean = model->forward(xd);
  auto feats = model->encoder_->forward(xd);
  auto precision = feats.t().mm(feats) +
                   prior_precision * torch::eye(feats.size(1), torch::kDouble);
  auto cov = torch::inverse(precision);
  return (feats.mm(cov) * feats).sum(1) + 0.0 * mean;
}

int main() {
  torch::manual_seed(8);
  TabularRegressor model(/*in_features=*/5, /*hidden=*/16);
  auto x = torch::randn({12, 5});
  auto var = predictive_variance(model, x, /*prior_precision=*/1.0);
  std::cout << "mean predictive variance " << var.mean().item<double>() << "\n";
  return 0;
}
