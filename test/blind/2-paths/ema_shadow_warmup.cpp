// scenario: regression trainer that starts a float64 EMA of the weights after warm-up and folds new weights in with lerp_
// tier: 2
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected dtype double for `end` but got dtype float
#include <torch/torch.h>
#include <cmath>
#include <iostream>
#include <vector>

namespace {

constexpr int64_t kTotalSteps = 120;
constexpr int64_t kWarmupSteps = 20;
constexpr int64_t kEmaStart = 40;
constexpr double kEmaDecay = 0.995;
constexpr double kBaseLr = 3e-3;
constexpr int kPatience = 5;

double cosine_lr(int64_t step) {
  if (step < kWarmupSteps)
    return kBaseLr * static_cast<double>(step + 1) / kWarmupSteps;
  const double progress =
      static_cast<double>(step - kWarmupSteps) / (kTotalSteps - kWarmupSteps);
  return 0.5 * kBaseLr * (1.0 + std::cos(M_PI * progress));
}

void set_lr(torch::optim::Adam &optimizer, double lr) {
  for (auto &group : optimizer.param_groups())
    static_cast<torch::optim::AdamOptions &>(group.options()).lr(lr);
}

} // namespace

int main() {
  torch::manual_seed(0);
  auto inputs = torch::randn({512, 8});
  auto true_w = torch::randn({8, 1});
  auto targets = inputs.mm(true_w) + 0.05 * torch::randn({512, 1});

  torch::nn::Sequential model(torch::nn::Linear(8, 16), torch::nn::Tanh(),
                              torch::nn::Linear(16, 1));
  torch::optim::Adam optimizer(model->parameters(), torch::optim::AdamOptions(kBaseLr));
  auto params = model->parameters();

  // Shadow weights are kept in double so thousands of tiny updates do not drift.
  std::vector<torch::Tensor> shadow;
  double best_loss = 1e30;
  int bad_steps = 0;
  int64_t step = 0;

  while (step < kTotalSteps) {
    set_lr(optimizer, cosine_lr(step));
    auto idx = torch::randint(0, inputs.size(0), {64}, torch::kLong);
    auto pred = model->forward(inputs.index_select(0, idx));
    auto loss = torch::smooth_l1_loss(pred, targets.index_select(0, idx));

    optimizer.zero_grad();
    loss.backward();
    optimizer.step();

    if (step == kEmaStart) {
      shadow.clear();
      for (const auto &p : params)
        shadow.push_back(p.detach().to(torch::kFloat64));
    } else if (step > kEmaStart) {
      torch::NoGradGuard no_grad;
      for (size_t i = 0; i < params.size(); ++i)
        shadow[i].lerp_(params[i].detach(), 1.0 - kEmaDecay); // BUG
    }

    const double current = loss.item<double>();
    if (current < best_loss - 1e-4) {
      best_loss = current;
      bad_steps = 0;
    } else if (++bad_steps > kPatience && step > kEmaStart + 10) {
      std::cout << "early stop at step " << step << "\n";
      break;
    }
    ++step;
  }

  double shadow_norm = 0.0;
  for (const auto &s : shadow)
    shadow_norm += s.norm().item<double>();
  std::cout << "best loss " << best_loss << " shadow norm " << shadow_norm << "\n";
  return 0;
}
