// scenario: a finite-difference gradient check converts the regressor to float64 but reuses the float32 batch from the data loader
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: mat1 and mat2 must have the same dtype
#include <torch/torch.h>
#include <cmath>
#include <iostream>

namespace {

torch::nn::Sequential makeRegressor(int64_t in, int64_t hidden) {
  return torch::nn::Sequential(torch::nn::Linear(in, hidden), torch::nn::Tanh(),
                               torch::nn::Linear(hidden, hidden), torch::nn::Tanh(),
                               torch::nn::Linear(hidden, 1));
}

double analyticGradNorm(torch::nn::Sequential &net, const torch::Tensor &x,
                        const torch::Tensor &y) {
  net->zero_grad();
  auto loss = torch::mse_loss(net->forward(x).squeeze(1), y);
  loss.backward();
  double sq = 0.0;
  for (const auto &p : net->parameters())
    sq += p.grad().pow(2).sum().item<double>();
  return std::sqrt(sq);
}

} // namespace

int main() {
  torch::manual_seed(13);
  auto net = makeRegressor(6, 16);

  // A batch the loader produced (float32).
  auto xb = torch::randn({32, 6});
  auto yb = xb.pow(2).sum(1);

  std::cout << "float grad norm " << analyticGradNorm(net, xb, yb) << std::endl;

  // Gradient checks need float64 to keep the finite differences meaningful.
  net->to(torch::kDouble);
  const double eps = 1e-6;
  auto firstWeight = net->parameters()[0];
  torch::NoGradGuard noGrad;
  auto base = torch::mse_loss(net->forward(xb).squeeze(1), yb.to(torch::kDouble)); // BUG
  firstWeight.view(-1)[0] += eps;
  auto bumped = torch::mse_loss(net->forward(xb).squeeze(1), yb.to(torch::kDouble));
  std::cout << "numeric dL/dw0 " << ((bumped - base) / eps).item<double>() << std::endl;
  return 0;
}
