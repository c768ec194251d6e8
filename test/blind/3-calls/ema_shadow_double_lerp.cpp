// scenario: an EMA helper keeps a float64 shadow of the model "to avoid drift" and blends parameters with lerp_
// tier: 3
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected dtype double for `end` but got dtype float
#include <torch/torch.h>
#include <algorithm>
#include <iostream>
#include <string>

torch::nn::Sequential make_model() {
  return torch::nn::Sequential(torch::nn::Linear(10, 32), torch::nn::SiLU(), torch::nn::Linear(32, 2));
}

void copy_weights(const torch::nn::Module& from, torch::nn::Module& to) {
  torch::NoGradGuard no_grad;
  auto src = from.named_parameters();
  for (auto& item : to.named_parameters())
    item.value().copy_(src[item.key()]);
}

void ema_update(const torch::nn::Module& model, torch::nn::Module& shadow, double decay) {
  torch::NoGradGuard no_grad;
  auto current = model.named_parameters();
  for (auto& item : shadow.named_parameters()) {
    const auto& p = current[item.key()];
    item.value().lerp_(p.detach(), 1.0 - decay); // BUG
  }
}

double warmup_decay(int step, double base) {
  return std::min(base, (1.0 + step) / (10.0 + step));
}

int main() {
  torch::manual_seed(2);
  auto model = make_model();
  auto shadow = make_model();
  copy_weights(*model, *shadow);
  shadow->to(torch::kFloat64);

  torch::optim::AdamW opt(model->parameters(), torch::optim::AdamWOptions(3e-4).weight_decay(0.01));
  for (int step = 0; step < 5; ++step) {
    auto x = torch::randn({16, 10});
    auto y = torch::randn({16, 2});
    opt.zero_grad();
    auto loss = torch::smooth_l1_loss(model->forward(x), y);
    loss.backward();
    opt.step();
    ema_update(*model, *shadow, warmup_decay(step, 0.999));
    std::cout << "step " << step << " loss " << loss.item<float>() << "\n";
  }
  return 0;
}
