// scenario: multi-task review model whose per-head losses are looked up in a registry of std::function
// tier: 3
// family: loss-target-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <functional>
#include <iostream>
#include <map>
#include <string>
#include <vector>

using LossFn = std::function<torch::Tensor(const torch::Tensor &, const torch::Tensor &)>;

struct Head {
  std::string name;
  int64_t out_dim;
  int64_t label_column;
};

// Every label column in the review dump is an int32: intent id, toxic flag, star rating.
static torch::Tensor load_labels(int64_t rows) {
  auto intent = torch::randint(0, 5, {rows, 1}, torch::kInt);
  auto toxic = torch::randint(0, 2, {rows, 1}, torch::kInt);
  auto stars = torch::randint(1, 6, {rows, 1}, torch::kInt);
  return torch::cat({intent, toxic, stars}, 1);
}

static std::map<std::string, LossFn> make_loss_registry() {
  std::map<std::string, LossFn> losses;
  losses["intent"] = [](const torch::Tensor &logits, const torch::Tensor &labels) {
    return torch::nn::functional::cross_entropy(logits, labels.to(torch::kLong));
  };
  losses["toxic"] = [](const torch::Tensor &logits, const torch::Tensor &labels) {
    auto target = labels.to(logits.scalar_type()).unsqueeze(1);
    return torch::binary_cross_entropy_with_logits(logits, target);
  };
  losses["stars"] = [](const torch::Tensor &pred, const torch::Tensor &labels) {
    return torch::smooth_l1_loss(pred.squeeze(1), labels);
  };
  return losses;
}

int main() {
  torch::manual_seed(9);
  const int64_t rows = 48;
  const int64_t feat = 16;

  std::vector<Head> heads = {{"intent", 5, 0}, {"toxic", 1, 1}, {"stars", 1, 2}};
  auto losses = make_loss_registry();

  torch::nn::Linear trunk(feat, 32);
  std::map<std::string, torch::nn::Linear> outputs;
  std::vector<torch::Tensor> params = trunk->parameters();
  for (const auto &h : heads) {
    outputs.emplace(h.name, torch::nn::Linear(32, h.out_dim));
    for (auto &p : outputs.at(h.name)->parameters())
      params.push_back(p);
  }
  torch::optim::Adam opt(params, torch::optim::AdamOptions(1e-2));

  auto features = torch::randn({rows, feat});
  auto labels = load_labels(rows);

  double first = 0.0, last = 0.0;
  for (int step = 0; step < 25; ++step) {
    auto hidden = torch::relu(trunk(features));
    auto total = torch::zeros({});
    for (const auto &h : heads) {
      auto out = outputs.at(h.name)(hidden);
      auto column = labels.select(1, h.label_column);
      total = total + losses.at(h.name)(out, column);
    }
    opt.zero_grad();
    total.backward();
    opt.step();
    if (step == 0)
      first = total.item<double>();
    last = total.item<double>();
  }

  std::cout << "multi-task loss " << first << " -> " << last << "\n";
  return last < first ? 0 : 1;
}
