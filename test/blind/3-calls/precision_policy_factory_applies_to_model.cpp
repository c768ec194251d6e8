// scenario: precision policies from a factory returning unique_ptr<Base>; the float64 policy converts both the model (apply) and every batch (prepare), so they always agree
// tier: 3
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>

struct Policy {
  virtual ~Policy() = default;
  virtual torch::Dtype dtype() const = 0;
  virtual void apply(torch::nn::Module& model) const { model.to(dtype()); }
  torch::Tensor prepare(const torch::Tensor& t) const { return t.to(dtype()); }
};

struct SinglePrecision : Policy {
  torch::Dtype dtype() const override { return torch::kFloat; }
};

struct DoublePrecision : Policy {
  torch::Dtype dtype() const override { return torch::kDouble; }
  void apply(torch::nn::Module& model) const override {
    Policy::apply(model);
    std::cout << "model promoted to float64\n";
  }
};

std::unique_ptr<Policy> make_policy(const std::string& name) {
  if (name == "fp32") return std::make_unique<SinglePrecision>();
  if (name == "fp64") return std::make_unique<DoublePrecision>();
  throw std::invalid_argument("unknown precision " + name);
}

double train_epoch(torch::nn::Sequential model, const Policy& policy,
                   const torch::Tensor& x, const torch::Tensor& y) {
  torch::optim::SGD opt(model->parameters(), torch::optim::SGDOptions(0.01));
  double total = 0.0;
  for (int64_t i = 0; i < x.size(0); i += 4) {
    auto xb = policy.prepare(x.narrow(0, i, 4));
    auto yb = policy.prepare(y.narrow(0, i, 4));
    opt.zero_grad();
    auto loss = torch::huber_loss(model->forward(xb), yb);
    loss.backward();
    opt.step();
    total += loss.item<double>();
  }
  return total;
}

int main() {
  torch::manual_seed(71);
  torch::nn::Sequential model(torch::nn::Linear(3, 8), torch::nn::Tanh(), torch::nn::Linear(8, 1));
  auto policy = make_policy("fp64");
  policy->apply(*model);

  auto x = torch::randn({16, 3});
  auto y = torch::sin(x).sum(1, /*keepdim=*/true);
  std::cout << "epoch loss " << train_epoch(model, *policy, x, y) << "\n";
  return 0;
}
