// scenario: a trainer picks its loss by name from a registry of std::function; the labels parsed from CSV text into std::vector<int32_t> are wrapped with from_blob as int32 class indices
// tier: 3
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Long but found Int
#include <torch/torch.h>
#include <functional>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace F = torch::nn::functional;
using LossFn = std::function<torch::Tensor(const torch::Tensor&, const torch::Tensor&)>;

const std::map<std::string, LossFn>& loss_registry() {
  static const std::map<std::string, LossFn> registry = {
      {"cross_entropy",
       [](const torch::Tensor& logits, const torch::Tensor& target) {
         return F::cross_entropy(logits, target); // BUG
       }},
      {"smoothed",
       [](const torch::Tensor& logits, const torch::Tensor& target) {
         return F::cross_entropy(logits, target.to(torch::kLong),
                                 F::CrossEntropyFuncOptions().label_smoothing(0.1));
       }},
  };
  return registry;
}

std::vector<int32_t> parse_labels(const std::string& csv_column) {
  std::vector<int32_t> labels;
  std::stringstream ss(csv_column);
  std::string cell;
  while (std::getline(ss, cell, ',')) labels.push_back(std::stoi(cell));
  return labels;
}

int main() {
  torch::manual_seed(12);
  const std::string loss_name = "cross_entropy"; // from the run config
  const LossFn& loss_fn = loss_registry().at(loss_name);

  torch::nn::Linear classifier(5, 3);
  torch::optim::Adam opt(classifier->parameters(), torch::optim::AdamOptions(1e-2));

  std::vector<int32_t> labels = parse_labels("2,0,1,1,2,0");
  const int64_t n = static_cast<int64_t>(labels.size());
  torch::Tensor target = torch::from_blob(labels.data(), {n}, torch::kInt32).clone();
  torch::Tensor features = torch::randn({n, 5});

  opt.zero_grad();
  torch::Tensor loss = loss_fn(classifier->forward(features), target);
  loss.backward();
  opt.step();
  std::cout << "loss " << loss.item<float>() << "\n";
  return 0;
}
