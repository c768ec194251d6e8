// scenario: evaluation entry point picks float64 or float32 with one ternary and uses that single value for the model and for both the clean and the perturbed batch
// tier: 2
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

struct EvalOptions {
  bool high_precision = true;
  bool adversarial = true;
  double epsilon = 0.05;
};

double robustness_gap(torch::nn::Sequential model, const torch::Tensor& x,
                      const torch::Tensor& y, const EvalOptions& opts) {
  const auto dtype = opts.high_precision ? torch::kDouble : torch::kFloat;
  model->to(dtype);

  auto clean = x.to(dtype);
  auto noise = torch::sign(torch::randn_like(x)) * opts.epsilon;
  auto input = opts.adversarial ? (x + noise).to(dtype) : clean;

  torch::NoGradGuard no_grad;
  auto clean_loss = torch::nn::functional::cross_entropy(model->forward(clean), y);
  auto pert_loss = torch::nn::functional::cross_entropy(model->forward(input), y);
  return (pert_loss - clean_loss).item<double>();
}

int main() {
  torch::manual_seed(157);
  torch::nn::Sequential model(torch::nn::Linear(10, 20), torch::nn::ReLU(), torch::nn::Linear(20, 4));
  auto x = torch::randn({8, 10});
  auto y = torch::randint(0, 4, {8}, torch::kLong);

  EvalOptions opts;
  std::cout << "gap (fp64) " << robustness_gap(model, x, y, opts) << "\n";
  opts.high_precision = false;
  std::cout << "gap (fp32) " << robustness_gap(model, x, y, opts) << "\n";
  return 0;
}
