// scenario: an evaluator registers metric lambdas by name; "balanced_recall" captures inverse-frequency class weights computed in double and dots them with the float per-class recall
// tier: 3
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: dot : expected both vectors to have same dtype, but found Float and Double
#include <torch/torch.h>

#include <functional>
#include <iostream>
#include <map>
#include <string>

namespace {

using MetricFn = std::function<torch::Tensor(const torch::Tensor &, const torch::Tensor &)>;

torch::Tensor per_class_recall(const torch::Tensor &pred, const torch::Tensor &target,
                               int64_t num_classes) {
  auto hits = torch::zeros({num_classes});
  auto totals = torch::zeros({num_classes});
  auto correct = pred.eq(target).to(torch::kFloat);
  hits.index_add_(0, target, correct);
  totals.index_add_(0, target, torch::ones_like(correct));
  return hits / totals.clamp_min(1.0);
}

std::map<std::string, MetricFn> build_metrics(const torch::Tensor &train_labels,
                                              int64_t num_classes) {
  auto counts = torch::bincount(train_labels, {}, num_classes).to(torch::kDouble);
  auto class_weights = counts.sum() / counts.clamp_min(1.0);
  class_weights = class_weights / class_weights.sum();

  std::map<std::string, MetricFn> metrics;
  metrics["accuracy"] = [](const torch::Tensor &pred, const torch::Tensor &target) {
    return pred.eq(target).to(torch::kFloat).mean();
  };
  metrics["balanced_recall"] = [class_weights, num_classes](const torch::Tensor &pred,
                                                            const torch::Tensor &target) {
    auto recall = per_class_recall(pred, target, num_classes);
    return torch::dot(recall, class_weights); // BUG
  };
  return metrics;
}

} // namespace

int main() {
  torch::manual_seed(2);
  const int64_t num_classes = 5;
  auto train_labels = torch::randint(0, num_classes, {1000});
  auto metrics = build_metrics(train_labels, num_classes);

  torch::nn::Linear classifier(20, num_classes);
  torch::NoGradGuard no_grad;
  auto val_x = torch::randn({200, 20});
  auto val_y = torch::randint(0, num_classes, {200});
  auto pred = classifier(val_x).argmax(1);

  for (const char *name : {"accuracy", "balanced_recall"}) {
    auto value = metrics.at(name)(pred, val_y);
    std::cout << name << ": " << value.item<double>() << "\n";
  }
  return 0;
}
