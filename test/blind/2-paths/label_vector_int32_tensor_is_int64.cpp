// scenario: labels arrive as std::vector<int32_t>; torch::tensor on an integer vector builds an int64 tensor, so the plain branch's nll_loss targets are already Long
// tier: 2
// family: loss-target-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <cstdint>
#include <iostream>
#include <vector>

struct Batch {
  torch::Tensor features;
  std::vector<int32_t> labels;
  bool has_weights = false;
};

double loss_for(const Batch& batch, torch::nn::Linear head, const torch::Tensor& class_weights) {
  auto log_probs = torch::log_softmax(head(batch.features), /*dim=*/1);
  auto targets = torch::tensor(batch.labels);
  torch::Tensor loss;
  if (batch.has_weights)
    loss = torch::nll_loss(log_probs, targets, class_weights);
  else
    loss = torch::nll_loss(log_probs, targets);
  return loss.item<double>();
}

double accuracy(const Batch& batch, torch::nn::Linear head) {
  torch::NoGradGuard no_grad;
  auto predicted = head(batch.features).argmax(/*dim=*/1);
  auto truth = torch::tensor(batch.labels);
  return predicted.eq(truth).to(torch::kDouble).mean().item<double>();
}

int main() {
  torch::manual_seed(179);
  torch::nn::Linear head(5, 3);
  auto weights = torch::tensor({1.0, 2.0, 0.5});
  std::vector<Batch> batches{{torch::randn({4, 5}), {0, 2, 1, 1}, false},
                             {torch::randn({3, 5}), {2, 2, 0}, true}};
  for (const auto& b : batches)
    std::cout << "loss " << loss_for(b, head, weights) << " accuracy " << accuracy(b, head) << "\n";
  return 0;
}
