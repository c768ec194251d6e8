// scenario: a hand-rolled Adam step whose per-parameter state map mixes float moments, an int64 step counter and a bool activity mask; the decay loop skips non-floating entries, the counter gets an integer add_
// tier: 2
// family: inplace-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <cmath>
#include <cstdint>
#include <iostream>
#include <map>
#include <string>

int main() {
  torch::manual_seed(11);
  const int64_t n = 16;
  const double lr = 1e-2, beta1 = 0.9, beta2 = 0.999, eps = 1e-8;
  auto param = torch::randn({n});
  auto target = torch::zeros({n});

  std::map<std::string, torch::Tensor> state{
      {"exp_avg", torch::zeros({n})},
      {"exp_avg_sq", torch::zeros({n})},
      {"step", torch::zeros({}, torch::kLong)},
      {"active", torch::ones({n}, torch::kBool)}};

  double first_loss = 0, last_loss = 0;
  for (int it = 0; it < 20; ++it) {
    auto diff = param - target;
    auto loss = diff.pow(2).mean().item<double>();
    if (it == 0)
      first_loss = loss;
    last_loss = loss;
    auto grad = diff * (2.0 / n);

    for (auto &[name, t] : state) {
      if (!t.is_floating_point())
        continue;
      if (name == "exp_avg")
        t.mul_(beta1).add_(grad, 1 - beta1);
      else
        t.mul_(beta2).addcmul_(grad, grad, 1 - beta2);
    }
    state["step"].add_(1);
    state["active"].logical_and_(grad.abs() < 10.0);

    const int64_t step = state["step"].item<int64_t>();
    const double bc1 = 1 - std::pow(beta1, step);
    const double bc2 = 1 - std::pow(beta2, step);
    auto denom = state["exp_avg_sq"].div(bc2).sqrt().add_(eps);
    auto update = state["exp_avg"].div(bc1) / denom;
    param.sub_(update * lr * state["active"]);
  }

  std::cout << "steps " << state["step"].item<int64_t>() << " loss " << first_loss
            << " -> " << last_loss << "\n";
  return last_loss < first_loss ? 0 : 1;
}
