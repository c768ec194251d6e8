// scenario: a demand-forecast regressor whose target scaler keeps its mean/std as 0-dim double tensors; 0-dim operands do not promote float batches, so the normalised targets stay float
// tier: 3
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>

#include <cmath>
#include <cstdint>
#include <iostream>
#include <optional>
#include <vector>

namespace {

struct TargetScaler {
  torch::Tensor mean;   // 0-dim double
  torch::Tensor stddev; // 0-dim double
};

// Statistics are accumulated in double: sales volumes span several orders of
// magnitude and float sums drift.
std::optional<TargetScaler> fitTargetScaler(const torch::Tensor &y) {
  if (y.numel() < 2)
    return std::nullopt;
  torch::Tensor y64 = y.to(torch::kDouble);
  return TargetScaler{y64.mean(), y64.std().clamp_min(1e-12)};
}

torch::Tensor transform(const TargetScaler &s, const torch::Tensor &y) {
  return (y - s.mean) / s.stddev;
}

torch::Tensor inverseTransform(const TargetScaler &s, const torch::Tensor &y_scaled) {
  return y_scaled * s.stddev + s.mean;
}

struct Split {
  torch::Tensor numeric; // float [N, F]
  torch::Tensor store;   // int64 [N], categorical column
  torch::Tensor target;  // float [N]
};

Split makeSplit(int64_t n, int64_t num_features, int64_t num_stores) {
  torch::Tensor numeric = torch::randn({n, num_features});
  torch::Tensor store = torch::randint(0, num_stores, {n});
  torch::Tensor target = 200.0 + 50.0 * numeric.select(1, 0) + 10.0 * store.to(torch::kFloat);
  // Missing readings arrive as NaN; impute with the column's observed mean.
  torch::Tensor missing = torch::rand({n, num_features}) < 0.05;
  numeric = numeric.masked_fill(missing, std::nan(""));
  return {numeric, store, target};
}

torch::Tensor imputeMissing(const torch::Tensor &x) {
  torch::Tensor missing = torch::isnan(x);
  torch::Tensor filled = x.masked_fill(missing, 0.0);
  torch::Tensor counts = (~missing).sum(0).clamp_min(1);
  torch::Tensor col_mean = filled.sum(0) / counts;
  return torch::where(missing, col_mean.expand_as(x), x);
}

} // namespace

int main() {
  torch::manual_seed(17);
  const int64_t num_features = 5, num_stores = 4, emb_dim = 3;
  Split train = makeSplit(64, num_features, num_stores);
  std::optional<TargetScaler> scaler = fitTargetScaler(train.target);
  if (!scaler)
    return 1;

  torch::nn::Embedding store_emb(num_stores, emb_dim);
  torch::Tensor weight = torch::zeros({num_features + emb_dim, 1}, torch::requires_grad());
  torch::Tensor bias = torch::zeros({1}, torch::requires_grad());
  std::vector<torch::Tensor> params = store_emb->parameters();
  params.push_back(weight);
  params.push_back(bias);
  torch::optim::SGD opt(params, torch::optim::SGDOptions(0.05));

  torch::Tensor x_num = imputeMissing(train.numeric);
  torch::Tensor y_scaled = transform(*scaler, train.target);
  for (int epoch = 0; epoch < 20; ++epoch) {
    torch::Tensor features = torch::cat({x_num, store_emb->forward(train.store)}, 1);
    torch::Tensor pred = torch::mm(features, weight).squeeze(1) + bias;
    torch::Tensor loss = torch::mse_loss(pred, y_scaled);
    opt.zero_grad();
    loss.backward();
    opt.step();
  }

  torch::NoGradGuard no_grad;
  torch::Tensor features = torch::cat({x_num, store_emb->forward(train.store)}, 1);
  torch::Tensor forecast = inverseTransform(*scaler, torch::mm(features, weight).squeeze(1) + bias);
  torch::Tensor over = forecast > train.target;
  std::cout << "forecast dtype " << forecast.scalar_type() << ", over-forecast share "
            << over.to(torch::kFloat).mean().item<float>() << "\n";
  return forecast.scalar_type() == torch::kFloat ? 0 : 2;
}
