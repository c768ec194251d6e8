// scenario: a regression evaluator predicts under CPU autocast and computes MSE and L1 against float32 targets after autocast is off; both losses promote the bfloat16 predictions
// tier: 5
// family: loss-target-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

struct EvalReport {
  float mse;
  float mae;
};

EvalReport evaluate(torch::nn::Sequential &model, const torch::Tensor &x, const torch::Tensor &y) {
  torch::NoGradGuard no_grad;
  at::autocast::set_cpu_enabled(true);
  auto pred = model->forward(x).squeeze(1);
  at::autocast::set_cpu_enabled(false);
  namespace F = torch::nn::functional;
  auto mse = F::mse_loss(pred, y);
  auto mae = F::l1_loss(pred, y);
  return {mse.item<float>(), mae.item<float>()};
}

int main() {
  torch::manual_seed(0);
  torch::nn::Sequential model(torch::nn::Linear(8, 32), torch::nn::ReLU(), torch::nn::Linear(32, 1));
  auto x = torch::randn({256, 8});
  auto y = x.sum(1) * 0.5;
  auto report = evaluate(model, x, y);
  std::cout << "mse " << report.mse << " mae " << report.mae << "\n";
  return 0;
}
