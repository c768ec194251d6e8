// scenario: a multi-label training loop builds soft targets with mixup on some epochs and plain one-hot targets on the others
// tier: 2
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: result type Float can't be cast to the desired output type Long
#include <torch/torch.h>
#include <iostream>
#include <vector>

namespace F = torch::nn::functional;

int main() {
  torch::manual_seed(12);
  const int64_t numClasses = 10, dim = 16, batch = 8;
  torch::nn::Linear model(dim, numClasses);
  torch::optim::Adam opt(model->parameters(), torch::optim::AdamOptions(1e-3));

  struct EpochPlan {
    int epoch;
    double mixupAlpha; // 0 disables mixup
  };
  std::vector<EpochPlan> schedule = {{0, 0.4}, {1, 0.4}, {2, 0.0}};

  for (const auto &plan : schedule) {
    auto x = torch::randn({batch, dim});
    auto labels = torch::randint(0, numClasses, {batch}, torch::kLong);

    torch::Tensor target;
    if (plan.mixupAlpha > 0.0) {
      auto perm = torch::randperm(batch);
      const double lam = 1.0 - plan.mixupAlpha / 2.0;
      x = lam * x + (1.0 - lam) * x.index_select(0, perm);
      auto hot = F::one_hot(labels, numClasses).to(torch::kFloat);
      target = lam * hot + (1.0 - lam) * hot.index_select(0, perm);
    } else {
      target = F::one_hot(labels, numClasses);
    }

    opt.zero_grad();
    auto logits = model->forward(x);
    auto loss = F::binary_cross_entropy_with_logits(logits, target); // BUG
    loss.backward();
    opt.step();
    std::cout << "epoch " << plan.epoch << " loss " << loss.item<float>() << std::endl;
  }
  return 0;
}
