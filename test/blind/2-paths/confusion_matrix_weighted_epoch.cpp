// scenario: evaluation loop accumulating a confusion matrix; from the second epoch on, class-balance weights are used
// tier: 2
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: index_add_(): self (Long) and source (Float) must have the same scalar type
#include <torch/torch.h>
#include <iostream>
#include <vector>

int main() {
  torch::manual_seed(3);
  const int64_t num_classes = 5;
  torch::nn::Sequential classifier(torch::nn::Linear(12, 24), torch::nn::ReLU(),
                                   torch::nn::Linear(24, num_classes));
  classifier->eval();

  std::vector<torch::Tensor> xs, ys;
  for (int b = 0; b < 4; ++b) {
    xs.push_back(torch::randn({16, 12}));
    ys.push_back(torch::randint(num_classes, {16}, torch::kLong));
  }

  torch::Tensor class_weight;  // filled after the first epoch
  for (int epoch = 0; epoch < 2; ++epoch) {
    auto counts = torch::zeros({num_classes * num_classes}, torch::kLong);
    torch::NoGradGuard no_grad;
    for (size_t b = 0; b < xs.size(); ++b) {
      auto pred = classifier->forward(xs[b]).argmax(1);
      auto flat = ys[b] * num_classes + pred;
      // unweighted counts are ones; weighted ones take the inverse frequency of the true class
      torch::Tensor contrib = class_weight.defined() ? class_weight.index_select(0, ys[b])
                                                     : torch::ones_like(flat);
      counts.index_add_(0, flat, contrib); // BUG
    }
    auto cm = counts.view({num_classes, num_classes});
    auto per_class = cm.diag().to(torch::kDouble) / cm.sum(1).clamp_min(1).to(torch::kDouble);
    std::cout << "epoch " << epoch << " mean recall " << per_class.mean().item<double>() << "\n";

    auto freq = torch::bincount(torch::cat(ys), {}, num_classes).to(torch::kFloat);
    class_weight = freq.sum() / (freq.clamp_min(1) * num_classes);
  }
  return 0;
}
