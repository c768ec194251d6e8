// scenario: trajectory predictor picks its criterion by name from a map of stored lambdas; the "huber" entry gets float64 waypoints from the planner, runs forward, and its backward rejects the float64 target
// tier: 3
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Found dtype Double but expected Float
#include <torch/torch.h>
#include <functional>
#include <iostream>
#include <map>
#include <string>

using LossFn = std::function<torch::Tensor(const torch::Tensor&, const torch::Tensor&)>;

std::map<std::string, LossFn> build_losses(double delta) {
  std::map<std::string, LossFn> losses;
  losses["l2"] = [](const torch::Tensor& p, const torch::Tensor& t) { return (p - t).pow(2).mean(); };
  losses["huber"] = [delta](const torch::Tensor& p, const torch::Tensor& t) {
    return torch::huber_loss(p, t, at::Reduction::Mean, delta);
  };
  return losses;
}

// The motion planner publishes waypoints in double precision metres.
torch::Tensor planner_waypoints(int64_t n, int64_t horizon) {
  auto t = torch::arange(1, horizon + 1, torch::kFloat64).view({1, horizon, 1});
  auto v = torch::rand({n, 1, 2}, torch::kFloat64) * 10;
  return (t * 0.1 * v).view({n, horizon * 2});
}

float train_step(torch::nn::Sequential& net, torch::optim::Optimizer& opt, const LossFn& loss_fn,
                 const torch::Tensor& history, const torch::Tensor& future) {
  opt.zero_grad();
  auto loss = loss_fn(net->forward(history), future);
  loss.backward(); // BUG
  opt.step();
  return loss.item<float>();
}

int main() {
  torch::manual_seed(44);
  const int64_t horizon = 6;
  auto losses = build_losses(1.0);
  torch::nn::Sequential net(torch::nn::Linear(10, 64), torch::nn::ReLU(), torch::nn::Linear(64, horizon * 2));
  torch::optim::Adam opt(net->parameters(), torch::optim::AdamOptions(1e-3));

  auto history = torch::randn({16, 10});
  auto future = planner_waypoints(16, horizon);
  std::cout << "huber " << train_step(net, opt, losses.at("huber"), history, future) << "\n";
  return 0;
}
