// scenario: EMA tracker that keeps float16 shadows of a float32 model, round-trips them through a checkpoint and swaps them in for evaluation
// tier: 4
// family: half-on-cpu
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace {

class EmaTracker {
public:
  EmaTracker(torch::nn::Module &model, double decay) : decay_(decay) {
    torch::NoGradGuard no_grad;
    for (const auto &item : model.named_parameters())
      shadow_[item.key()] = item.value().detach().to(torch::kHalf);
  }

  void update(torch::nn::Module &model) {
    torch::NoGradGuard no_grad;
    for (const auto &item : model.named_parameters())
      shadow_.at(item.key()).mul_(decay_).add_(item.value().detach(), 1.0 - decay_);
  }

  void copy_to(torch::nn::Module &model) const {
    torch::NoGradGuard no_grad;
    for (auto &item : model.named_parameters())
      item.value().copy_(shadow_.at(item.key()));
  }

  std::string serialize() const {
    std::vector<torch::Tensor> tensors;
    for (const auto &kv : shadow_)
      tensors.push_back(kv.second);
    std::ostringstream out;
    torch::save(tensors, out);
    return out.str();
  }

  void deserialize(const std::string &blob) {
    std::istringstream in(blob);
    std::vector<torch::Tensor> tensors;
    torch::load(tensors, in);
    size_t i = 0;
    for (auto &kv : shadow_)
      kv.second.copy_(tensors.at(i++));
  }

  double max_drift(const EmaTracker &other) const {
    double drift = 0.0;
    for (const auto &kv : shadow_)
      drift = std::max(drift,
                       (kv.second - other.shadow_.at(kv.first)).abs().max().item<double>());
    return drift;
  }

private:
  double decay_;
  std::map<std::string, torch::Tensor> shadow_;
};

double evaluate(torch::nn::Sequential &model, const torch::Tensor &x, const torch::Tensor &y) {
  torch::NoGradGuard no_grad;
  model->eval();
  return torch::mse_loss(model->forward(x), y).item<double>();
}

} // namespace

int main() {
  torch::manual_seed(9);
  auto x = torch::randn({300, 5});
  auto y = x.narrow(1, 0, 2).sum(1, true).sin();

  torch::nn::Sequential model(torch::nn::Linear(5, 32), torch::nn::Tanh(),
                              torch::nn::Linear(32, 1));
  torch::optim::SGD optimizer(model->parameters(), torch::optim::SGDOptions(0.05));
  EmaTracker ema(*model, 0.98);

  for (int step = 0; step < 150; ++step) {
    model->train();
    auto idx = torch::randint(0, x.size(0), {32}, torch::kLong);
    auto loss = torch::mse_loss(model->forward(x.index_select(0, idx)), y.index_select(0, idx));
    optimizer.zero_grad();
    loss.backward();
    optimizer.step();
    ema.update(*model);
  }

  EmaTracker restored(*model, 0.98);
  restored.deserialize(ema.serialize());
  std::cout << "checkpoint drift " << restored.max_drift(ema) << "\n";

  const double raw = evaluate(model, x, y);
  restored.copy_to(*model);
  const double smoothed = evaluate(model, x, y);
  std::cout << "raw mse " << raw << " ema mse " << smoothed << "\n";
  return 0;
}
