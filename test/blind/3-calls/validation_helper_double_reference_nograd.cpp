// scenario: physics surrogate trains on float32 targets and a validation helper compares its predictions with float64 reference solutions via mse_loss under NoGradGuard; the mixed loss is only ever evaluated forward
// tier: 3
// family: loss-target-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <cmath>
#include <iostream>

// Analytic heat-equation solution, evaluated in double as the reference.
torch::Tensor reference_solution(const torch::Tensor& xt) {
  auto x = xt.select(1, 0).to(torch::kFloat64), t = xt.select(1, 1).to(torch::kFloat64);
  return torch::exp(-M_PI * M_PI * t) * torch::sin(M_PI * x);
}

double validate(torch::nn::Sequential& model, const torch::Tensor& grid) {
  torch::NoGradGuard no_grad;
  model->eval();
  auto pred = model->forward(grid).squeeze(1);           // float32
  auto ref = reference_solution(grid);                   // float64
  auto err = torch::mse_loss(pred, ref);
  model->train();
  return err.item<double>();
}

int main() {
  torch::manual_seed(18);
  torch::nn::Sequential model(torch::nn::Linear(2, 32), torch::nn::Tanh(), torch::nn::Linear(32, 32),
                              torch::nn::Tanh(), torch::nn::Linear(32, 1));
  torch::optim::Adam opt(model->parameters(), torch::optim::AdamOptions(5e-3));
  auto grid = torch::rand({64, 2}) * torch::tensor({1.0f, 0.2f});

  for (int epoch = 0; epoch < 4; ++epoch) {
    auto xt = torch::rand({128, 2}) * torch::tensor({1.0f, 0.2f});
    auto target = reference_solution(xt).to(torch::kFloat32);
    opt.zero_grad();
    auto loss = torch::mse_loss(model->forward(xt).squeeze(1), target);
    loss.backward();
    opt.step();
    std::cout << "epoch " << epoch << " train " << loss.item<float>() << " val " << validate(model, grid) << "\n";
  }
  return 0;
}
