// scenario: continual-learning trainer stores float64 Fisher diagonals and parameter anchors per parameter name and adds an EWC penalty to a float32 task loss
// tier: 4
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>

#include <string>
#include <unordered_map>

namespace {

struct ClassifierImpl : torch::nn::Module {
  ClassifierImpl() {
    body = register_module("body", torch::nn::Linear(5, 8));
    out = register_module("out", torch::nn::Linear(8, 3));
  }
  torch::Tensor forward(const torch::Tensor &x) {
    return out->forward(torch::relu(body->forward(x)));
  }
  torch::nn::Linear body{nullptr}, out{nullptr};
};
TORCH_MODULE(Classifier);

class ElasticWeightConsolidation {
public:
  explicit ElasticWeightConsolidation(double strength) : strength_(strength) {}

  // Estimates the Fisher diagonal from squared gradients on the old task.
  void consolidate(Classifier &model, const torch::Tensor &x, const torch::Tensor &y) {
    fisher_.clear();
    anchors_.clear();
    for (const auto &item : model->named_parameters())
      fisher_[item.key()] = torch::zeros(item.value().sizes(), torch::kDouble);

    const int64_t n = x.size(0);
    for (int64_t i = 0; i < n; ++i) {
      model->zero_grad();
      auto logits = model->forward(x.narrow(0, i, 1));
      torch::nn::functional::cross_entropy(logits, y.narrow(0, i, 1)).backward();
      for (const auto &item : model->named_parameters()) {
        auto g = item.value().grad().detach().to(torch::kDouble);
        fisher_[item.key()].addcmul_(g, g, 1.0 / static_cast<double>(n));
      }
    }
    model->zero_grad();
    for (const auto &item : model->named_parameters())
      anchors_[item.key()] = item.value().detach().to(torch::kDouble).clone();
  }

  torch::Tensor penalty(Classifier &model) const {
    auto total = torch::zeros({}, torch::kDouble);
    for (const auto &item : model->named_parameters()) {
      const auto &fisher = fisher_.at(item.key());
      const auto &anchor = anchors_.at(item.key());
      auto diff = item.value().to(torch::kDouble) - anchor;
      total = total + torch::dot(fisher.flatten(), diff.pow(2).flatten());
    }
    return 0.5 * strength_ * total;
  }

  bool empty() const { return fisher_.empty(); }

private:
  double strength_;
  std::unordered_map<std::string, torch::Tensor> fisher_;
  std::unordered_map<std::string, torch::Tensor> anchors_;
};

} // namespace

int main() {
  torch::manual_seed(0);
  Classifier model;
  torch::optim::SGD opt(model->parameters(), torch::optim::SGDOptions(0.1));

  auto xa = torch::randn({12, 5});
  auto ya = torch::randint(0, 3, {12});
  auto xb = torch::randn({12, 5}) + 1.0;
  auto yb = torch::randint(0, 3, {12});

  for (int step = 0; step < 10; ++step) {
    opt.zero_grad();
    torch::nn::functional::cross_entropy(model->forward(xa), ya).backward();
    opt.step();
  }

  ElasticWeightConsolidation ewc(50.0);
  ewc.consolidate(model, xa, ya);
  if (ewc.empty())
    return 1;
  if (ewc.penalty(model).item<double>() != 0.0)
    return 1;

  double last_penalty = 0.0;
  for (int step = 0; step < 10; ++step) {
    opt.zero_grad();
    auto task = torch::nn::functional::cross_entropy(model->forward(xb), yb);
    auto reg = ewc.penalty(model);
    auto loss = task + reg.to(torch::kFloat);
    loss.backward();
    opt.step();
    last_penalty = reg.item<double>();
    if (loss.scalar_type() != torch::kFloat)
      return 1;
  }
  return (last_penalty > 0.0 && std::isfinite(last_penalty)) ? 0 : 1;
}
