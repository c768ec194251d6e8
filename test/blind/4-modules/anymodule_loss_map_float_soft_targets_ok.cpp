// scenario: a trainer looks its loss modules up by name in a std::map of AnyModule; CrossEntropyLoss gets label-smoothed float32 class probabilities, which 1.13 accepts as soft targets, and NLLLoss gets int64 ids
// tier: 4
// family: loss-target-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <map>
#include <string>

namespace F = torch::nn::functional;

torch::Tensor smooth_targets(const torch::Tensor& ids, int64_t classes, double eps) {
  torch::Tensor onehot = F::one_hot(ids, classes).to(torch::kFloat);
  return onehot * (1.0 - eps) + eps / static_cast<double>(classes);
}

int main() {
  torch::manual_seed(139);
  const int64_t classes = 5;
  std::map<std::string, torch::nn::AnyModule> losses;
  losses.emplace("soft_ce", torch::nn::AnyModule(torch::nn::CrossEntropyLoss()));
  losses.emplace("nll", torch::nn::AnyModule(torch::nn::NLLLoss()));

  torch::nn::Linear model(9, classes);
  torch::optim::SGD opt(model->parameters(), 0.1);

  for (const std::string name : {"soft_ce", "nll"}) {
    torch::Tensor x = torch::randn({6, 9});
    torch::Tensor ids = torch::randint(0, classes, {6}, torch::kLong);
    torch::Tensor logits = model->forward(x);
    torch::Tensor loss;
    if (name == "soft_ce") {
      loss = losses.at(name).forward(logits, smooth_targets(ids, classes, 0.1));
    } else {
      loss = losses.at(name).forward(torch::log_softmax(logits, -1), ids);
    }
    opt.zero_grad();
    loss.backward();
    opt.step();
    std::cout << name << " loss " << loss.item<float>() << "\n";
  }
  return 0;
}
