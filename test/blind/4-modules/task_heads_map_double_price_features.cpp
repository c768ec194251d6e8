// scenario: a multi-task recommender keeps its heads in a std::map by task name; the price head's features arrive as the float64 vector the pricing service returns
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: mat1 and mat2 must have the same dtype
#include <torch/torch.h>
#include <iostream>
#include <map>
#include <string>
#include <vector>

struct MultiTaskRecommenderImpl : torch::nn::Module {
  explicit MultiTaskRecommenderImpl(const std::map<std::string, int64_t>& task_inputs) {
    for (const auto& [task, in_features] : task_inputs) {
      heads_.emplace(task, register_module("head_" + task, torch::nn::Linear(in_features, 1)));
    }
  }

  std::map<std::string, torch::Tensor> forward(const std::map<std::string, torch::Tensor>& features) {
    std::map<std::string, torch::Tensor> out;
    for (const auto& [task, x] : features) {
      auto it = heads_.find(task);
      if (it == heads_.end()) {
        continue; // features for a task this model was not trained on
      }
      out[task] = it->second->forward(x).squeeze(-1); // BUG
    }
    return out;
  }

  std::map<std::string, torch::nn::Linear> heads_;
};
TORCH_MODULE(MultiTaskRecommender);

// What the pricing service hands back: one row per candidate.
std::vector<double> fetch_price_features(int64_t rows, int64_t cols) {
  std::vector<double> v(rows * cols);
  for (size_t i = 0; i < v.size(); ++i) v[i] = 0.01 * static_cast<double>(i % 7);
  return v;
}

int main() {
  torch::manual_seed(2);
  const std::map<std::string, int64_t> task_inputs = {{"click", 8}, {"price", 3}};
  MultiTaskRecommender model(task_inputs);
  model->eval();

  const int64_t candidates = 4;
  std::map<std::string, torch::Tensor> features;
  features["click"] = torch::randn({candidates, 8});
  std::vector<double> prices = fetch_price_features(candidates, 3);
  features["price"] = torch::from_blob(prices.data(), {candidates, 3}, torch::kFloat64).clone();

  torch::NoGradGuard no_grad;
  auto scores = model->forward(features);
  for (const auto& [task, s] : scores) std::cout << task << " " << s << "\n";
  return 0;
}
