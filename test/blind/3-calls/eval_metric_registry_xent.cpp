// scenario: an evaluation loop computes every metric of a registry of callbacks over int32 labels read from the dataset file
// tier: 3
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Long but found Int
#include <torch/torch.h>
#include <cstdint>
#include <functional>
#include <iomanip>
#include <iostream>
#include <map>
#include <string>
#include <vector>

namespace F = torch::nn::functional;

using Metric = std::function<double(const torch::Tensor &, const torch::Tensor &)>;

static std::map<std::string, Metric> make_metrics() {
  std::map<std::string, Metric> metrics;
  metrics["accuracy"] = [](const torch::Tensor &logits, const torch::Tensor &labels) {
    return (logits.argmax(1) == labels).to(torch::kFloat).mean().item<double>();
  };
  metrics["top2"] = [](const torch::Tensor &logits, const torch::Tensor &labels) {
    auto top = std::get<1>(logits.topk(2, 1));
    return (top == labels.unsqueeze(1)).any(1).to(torch::kFloat).mean().item<double>();
  };
  metrics["xent"] = [](const torch::Tensor &logits, const torch::Tensor &labels) {
    return F::cross_entropy(logits, labels).item<double>(); // BUG
  };
  return metrics;
}

struct Split {
  torch::Tensor features;
  std::vector<int32_t> labels; // stored as int32 in the .npy export
};

int main() {
  torch::manual_seed(7);
  torch::NoGradGuard no_grad;
  torch::nn::Linear classifier(12, 5);
  Split val{torch::randn({32, 12}), {}};
  for (int i = 0; i < 32; ++i)
    val.labels.push_back(static_cast<int32_t>(i % 5));

  auto labels = torch::from_blob(val.labels.data(), {static_cast<int64_t>(val.labels.size())}, torch::kInt32).clone();
  auto logits = classifier(val.features);

  auto metrics = make_metrics();
  for (const auto &kv : metrics) {
    double value = kv.second(logits, labels);
    std::cout << std::setw(10) << kv.first << " " << value << "\n";
  }
  return 0;
}
