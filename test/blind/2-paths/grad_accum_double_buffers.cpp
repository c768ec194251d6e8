// scenario: gradient accumulation into float64 buffers for reproducibility, written back into float32 grads before the step
// tier: 2
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <vector>

int main() {
  torch::manual_seed(11);
  torch::nn::Sequential model(torch::nn::Linear(8, 16), torch::nn::Tanh(), torch::nn::Linear(16, 1));
  torch::optim::RMSprop opt(model->parameters(), torch::optim::RMSpropOptions(1e-3));

  const int accum_steps = 4;
  const bool deterministic = true;
  std::vector<torch::Tensor> acc;
  for (const auto& p : model->parameters())
    acc.push_back(torch::zeros_like(p, deterministic ? torch::kDouble : p.scalar_type()));

  double running = 0.0;
  for (int micro = 0; micro < 12; ++micro) {
    auto x = torch::randn({4, 8});
    auto y = torch::randn({4, 1});
    auto loss = torch::mse_loss(model->forward(x), y);
    double scale = 1.0;
    if (accum_steps > 1)
      scale /= accum_steps;
    loss.backward();
    running += loss.item<double>();

    auto params = model->parameters();
    for (size_t i = 0; i < params.size(); ++i) {
      acc[i].add_(params[i].grad(), scale);  // float grad into a double buffer
      params[i].mutable_grad().zero_();
    }
    if ((micro + 1) % accum_steps != 0)
      continue;

    for (size_t i = 0; i < params.size(); ++i) {
      params[i].mutable_grad().copy_(acc[i]);
      acc[i].zero_();
    }
    auto norm = torch::zeros({}, torch::kDouble);
    for (const auto& p : params)
      norm += p.grad().pow(2).sum();
    opt.step();
    std::cout << "update " << (micro + 1) / accum_steps << " loss " << running / accum_steps
              << " grad norm " << norm.sqrt().item<double>() << "\n";
    running = 0.0;
  }
  return 0;
}
