// scenario: evaluation script builds an integer confusion matrix by accumulating ones at (target, prediction) pairs with index_put_
// tier: 1
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Index put requires the source and destination dtypes match, got Long for the destination and Float for the source.
#include <torch/torch.h>
#include <iomanip>
#include <iostream>
#include <utility>

int main() {
  torch::manual_seed(21);
  const int64_t num_classes = 4;
  const int64_t n = 200;

  torch::nn::Sequential model(torch::nn::Linear(10, 32), torch::nn::ReLU(),
                              torch::nn::Linear(32, num_classes));
  model->eval();
  torch::NoGradGuard no_grad;

  std::pair<torch::Tensor, torch::Tensor> eval_set{torch::randn({n, 10}),
                                                   torch::randint(0, num_classes, {n})};
  const auto& [inputs, targets] = eval_set;

  auto preds = model->forward(inputs).argmax(1);
  auto confusion = torch::zeros({num_classes, num_classes}, torch::kLong);
  auto ones = torch::ones({n});
  confusion.index_put_({targets, preds}, ones, /*accumulate=*/true); // BUG

  auto per_class_total = confusion.sum(1);
  auto per_class_hits = confusion.diagonal();
  auto recall = per_class_hits.to(torch::kDouble) / per_class_total.clamp_min(1).to(torch::kDouble);

  std::cout << "confusion matrix:\n" << confusion << "\n";
  for (int64_t c = 0; c < num_classes; ++c) {
    std::cout << "class " << c << " recall " << std::setprecision(3)
              << recall[c].item<double>() << "\n";
  }
  std::cout << "macro recall " << recall.mean().item<double>() << "\n";
  return 0;
}
