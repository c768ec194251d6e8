// scenario: a gradient-check routine converts the MLP and every probe batch to float64 together
// tier: 4
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

struct MLPImpl : torch::nn::Module {
  MLPImpl(int64_t in, int64_t hidden, int64_t out)
      : fc1(register_module("fc1", torch::nn::Linear(in, hidden))),
        fc2(register_module("fc2", torch::nn::Linear(hidden, out))) {}
  torch::Tensor forward(torch::Tensor x) { return fc2(torch::tanh(fc1(x))); }
  torch::nn::Linear fc1, fc2;
};
TORCH_MODULE(MLP);

// Central-difference check of d(sum(out))/d(input[0][0]).
double grad_error(MLP &model, torch::Tensor x) {
  x = x.to(torch::kDouble).requires_grad_(true);
  model->forward(x).sum().backward();
  auto analytic = x.grad()[0][0].item<double>();
  const double eps = 1e-6;
  torch::NoGradGuard no_grad;
  auto xp = x.detach().clone(), xm = x.detach().clone();
  xp[0][0] += eps;
  xm[0][0] -= eps;
  auto numeric = (model->forward(xp).sum() - model->forward(xm).sum()).item<double>() / (2 * eps);
  return std::abs(analytic - numeric);
}

int main() {
  torch::manual_seed(0);
  MLP model(5, 8, 3);
  model->to(torch::kDouble);
  auto err = grad_error(model, torch::randn({4, 5}));
  std::cout << "gradcheck error " << err << "\n";
  return err < 1e-6 ? 0 : 1;
}
