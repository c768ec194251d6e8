// scenario: hand-written optimizer picks SGD or Adam from a string into a std::variant; the Adam state helper keeps moments in float64 and the visitor lerps float32 gradients into them
// tier: 3
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected dtype double for `end` but got dtype float
#include <torch/torch.h>
#include <cmath>
#include <iostream>
#include <string>
#include <variant>
#include <vector>

struct SgdConfig {
  double lr = 0.1;
  double momentum = 0.9;
};
struct AdamConfig {
  double lr = 1e-3;
  double beta1 = 0.9;
  double beta2 = 0.999;
  double eps = 1e-8;
};
using OptimConfig = std::variant<SgdConfig, AdamConfig>;

OptimConfig config_from_string(const std::string &name) {
  if (name == "adam")
    return AdamConfig{};
  return SgdConfig{};
}

struct ParamState {
  torch::Tensor exp_avg, exp_avg_sq;
  int64_t step = 0;
};

// moments are kept in double so long runs do not drift
ParamState make_state(const torch::Tensor &param) {
  auto opts = param.options().dtype(torch::kFloat64);
  return {torch::zeros(param.sizes(), opts), torch::zeros(param.sizes(), opts), 0};
}

void apply_update(const OptimConfig &cfg, torch::Tensor &param, ParamState &st) {
  torch::NoGradGuard no_grad;
  const auto &grad = param.grad();
  std::visit(
      [&](const auto &c) {
        using C = std::decay_t<decltype(c)>;
        if constexpr (std::is_same_v<C, SgdConfig>) {
          st.exp_avg.mul_(c.momentum).add_(grad);
          param.add_(st.exp_avg, -c.lr);
        } else {
          ++st.step;
          st.exp_avg.lerp_(grad, 1.0 - c.beta1); // BUG
          st.exp_avg_sq.mul_(c.beta2).addcmul_(grad, grad, 1.0 - c.beta2);
          auto bc1 = 1.0 - std::pow(c.beta1, st.step);
          auto bc2 = 1.0 - std::pow(c.beta2, st.step);
          auto denom = (st.exp_avg_sq / bc2).sqrt().add_(c.eps);
          param.sub_((st.exp_avg / bc1 / denom).to(param.scalar_type()) * c.lr);
        }
      },
      cfg);
}

int main(int argc, char **argv) {
  torch::manual_seed(10);
  const std::string which = argc > 1 ? argv[1] : "adam";
  const OptimConfig cfg = config_from_string(which);

  torch::nn::Linear model(8, 2);
  std::vector<torch::Tensor> params = model->parameters();
  std::vector<ParamState> states;
  for (const auto &p : params)
    states.push_back(make_state(p));

  for (int step = 0; step < 4; ++step) {
    model->zero_grad();
    auto x = torch::randn({32, 8});
    auto loss = model(x).pow(2).mean();
    loss.backward();
    for (size_t i = 0; i < params.size(); ++i)
      apply_update(cfg, params[i], states[i]);
    std::cout << "step " << step << " loss " << loss.item<double>() << "\n";
  }
  return 0;
}
