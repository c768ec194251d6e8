// scenario: a pricing model registers its task heads in a torch::nn::ModuleDict; to(kDouble) converts every head, and double features are looked up per task by name
// tier: 4
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>

#include <iostream>
#include <memory>
#include <string>
#include <utility>
#include <vector>

struct PricingModelImpl : torch::nn::Module {
  PricingModelImpl(int64_t in_features, int64_t hidden,
                   const std::vector<std::pair<std::string, int64_t>> &tasks) {
    encoder_ = register_module("encoder", torch::nn::Linear(in_features, hidden));
    heads_ = register_module("heads", torch::nn::ModuleDict());
    std::vector<std::pair<std::string, std::shared_ptr<torch::nn::Module>>> entries;
    for (const auto &task : tasks)
      entries.emplace_back(task.first, torch::nn::Linear(hidden, task.second).ptr());
    heads_->update(entries);
  }

  torch::Tensor forward(const torch::Tensor &x, const std::string &task) {
    auto h = torch::gelu(encoder_(x));
    auto &head = heads_->at<torch::nn::LinearImpl>(task);
    return head.forward(h);
  }

  torch::nn::Linear encoder_{nullptr};
  torch::nn::ModuleDict heads_{nullptr};
};
TORCH_MODULE(PricingModel);

int main() {
  torch::manual_seed(8);
  const std::vector<std::pair<std::string, int64_t>> tasks = {
      {"base_fare", 1}, {"surge", 1}, {"fare_bucket", 6}};
  PricingModel model(12, 24, tasks);
  model->to(torch::kDouble);

  torch::NoGradGuard no_grad;
  auto trips = torch::randn({32, 12}, torch::kDouble);
  for (const auto &task : model->heads_->keys()) {
    auto out = model->forward(trips, task);
    std::cout << task << " -> " << out.sizes() << " " << out.dtype() << "\n";
  }
  return 0;
}
