// scenario: an evaluation harness keeps metrics as std::function callbacks in a map; the labels decoder returns int32 class ids
// tier: 3
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Long but found Int
#include <torch/torch.h>
#include <functional>
#include <iostream>
#include <map>
#include <string>
#include <vector>

using Metric = std::function<double(const torch::Tensor &, const torch::Tensor &)>;

std::map<std::string, Metric> make_metrics() {
  std::map<std::string, Metric> m;
  m["accuracy"] = [](const torch::Tensor &logits, const torch::Tensor &labels) {
    return (logits.argmax(1) == labels).to(torch::kFloat).mean().item<double>();
  };
  m["nll"] = [](const torch::Tensor &logits, const torch::Tensor &labels) {
    return torch::nn::functional::cross_entropy(logits, labels).item<double>(); // BUG
  };
  return m;
}

// Labels arrive as a compact int32 array from the annotation export.
torch::Tensor decode_labels(const std::vector<int32_t> &raw) {
  return torch::tensor(raw, torch::kInt);
}

int main() {
  torch::manual_seed(0);
  auto metrics = make_metrics();
  auto logits = torch::randn({6, 3});
  auto labels = decode_labels({0, 2, 1, 1, 0, 2});
  for (const auto &kv : metrics)
    std::cout << kv.first << " " << kv.second(logits, labels) << "\n";
  return 0;
}
