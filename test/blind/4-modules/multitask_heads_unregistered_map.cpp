// scenario: a multi-task price model keeps its task heads in a std::map filled by add_head without register_module; model->to(kDouble) converts only the trunk, and the double features reach a float head
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: mat1 and mat2 must have the same dtype
#include <torch/torch.h>

#include <iostream>
#include <map>
#include <string>

struct MultiTaskRegressorImpl : torch::nn::Module {
  MultiTaskRegressorImpl(int64_t in_features, int64_t hidden) : hidden_(hidden) {
    trunk_ = register_module(
        "trunk", torch::nn::Sequential(torch::nn::Linear(in_features, hidden), torch::nn::ReLU(),
                                       torch::nn::Linear(hidden, hidden), torch::nn::ReLU()));
  }

  void add_head(const std::string &task, int64_t out_features) {
    heads_.emplace(task, torch::nn::Linear(hidden_, out_features));
  }

  torch::Tensor forward(const torch::Tensor &x, const std::string &task) {
    auto h = trunk_->forward(x);
    return heads_.at(task)(h); // BUG
  }

  torch::nn::Sequential trunk_{nullptr};
  std::map<std::string, torch::nn::Linear> heads_;
  int64_t hidden_;
};
TORCH_MODULE(MultiTaskRegressor);

namespace {

// Listing prices and days on market come from the warehouse as float64.
torch::Tensor load_listing_features(int64_t n, int64_t dim) {
  return torch::randn({n, dim}, torch::kDouble);
}

} // namespace

int main() {
  torch::manual_seed(21);
  MultiTaskRegressor model(10, 32);
  model->add_head("price", 1);
  model->add_head("days_on_market", 1);
  model->to(torch::kDouble);

  auto features = load_listing_features(128, 10);
  auto price_target = torch::randn({128, 1}, torch::kDouble);
  torch::optim::Adam opt(model->parameters(), torch::optim::AdamOptions(1e-3));

  for (int epoch = 0; epoch < 3; ++epoch) {
    opt.zero_grad();
    auto price = model->forward(features, "price");
    auto loss = torch::mse_loss(price, price_target);
    loss.backward();
    opt.step();
    std::cout << "epoch " << epoch << " price loss " << loss.item<double>() << "\n";
  }
  return 0;
}
