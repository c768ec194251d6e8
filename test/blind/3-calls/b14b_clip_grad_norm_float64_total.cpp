// scenario: a hand-rolled global gradient clipping computes the total norm in float64 over named parameter groups and rescales the float32 gradients in place
// tier: 3
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <map>
#include <string>
#include <vector>

// Global L2 norm of all gradients, accumulated in float64 so that very many
// small per-tensor norms do not lose precision.
torch::Tensor total_grad_norm(const std::vector<torch::Tensor>& params) {
  auto total = torch::zeros({}, torch::kFloat64);
  for (const auto& p : params) {
    if (!p.grad().defined())
      continue;
    total += p.grad().detach().to(torch::kFloat64).pow(2).sum();
  }
  return total.sqrt();
}

double clip_gradients(const std::vector<torch::Tensor>& params, double max_norm) {
  auto norm = total_grad_norm(params);
  auto coef = (max_norm / (norm + 1e-6)).clamp_max(1.0);
  for (const auto& p : params)
    if (p.grad().defined())
      p.grad().detach().mul_(coef);
  return norm.item<double>();
}

std::map<std::string, std::vector<torch::Tensor>> group_by_kind(torch::nn::Module& m) {
  std::map<std::string, std::vector<torch::Tensor>> groups;
  for (auto& item : m.named_parameters()) {
    bool is_bias = item.key().size() >= 4 &&
                   item.key().compare(item.key().size() - 4, 4, "bias") == 0;
    groups[is_bias ? "bias" : "weight"].push_back(item.value());
  }
  return groups;
}

int main() {
  torch::manual_seed(0);
  torch::nn::Sequential net(torch::nn::Linear(6, 12), torch::nn::Tanh(),
                            torch::nn::Linear(12, 3));
  auto groups = group_by_kind(*net);
  torch::optim::SGD opt(net->parameters(), torch::optim::SGDOptions(0.1));

  for (int step = 0; step < 3; ++step) {
    auto x = torch::randn({8, 6}) * 10.0;
    auto y = torch::randint(0, 3, {8});
    auto loss = torch::nn::functional::cross_entropy(net->forward(x), y);
    opt.zero_grad();
    loss.backward();
    double wn = clip_gradients(groups["weight"], 1.0);
    double bn = clip_gradients(groups["bias"], 0.5);
    opt.step();
    std::cout << "step " << step << " weight-norm " << wn << " bias-norm " << bn << "\n";
  }
  return 0;
}
