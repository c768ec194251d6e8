// scenario: a hand-written AdamW keeps its moment estimates in float64 per parameter name and applies the step with addcdiv_ on float32 weights
// tier: 4
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: needs_dynamic_casting<func_t>::check(iter) INTERNAL ASSERT FAILED
#include <torch/torch.h>
#include <cmath>
#include <iostream>
#include <map>
#include <string>
#include <vector>

struct ParamGroup {
  std::vector<std::string> names;
  double lr;
  double weight_decay;
};

struct AdamState {
  torch::Tensor exp_avg;
  torch::Tensor exp_avg_sq;
  int64_t step = 0;
};

// Decoupled-weight-decay Adam over named parameters. The moment estimates can
// be kept in a wider dtype than the weights (long runs with tiny gradients).
class HandAdamW {
 public:
  HandAdamW(torch::nn::Module& model, std::vector<ParamGroup> groups,
            torch::Dtype state_dtype)
      : groups_(std::move(groups)), state_dtype_(state_dtype) {
    for (auto& item : model.named_parameters())
      params_[item.key()] = item.value();
  }

  void step() {
    torch::NoGradGuard no_grad;
    for (const auto& group : groups_)
      for (const auto& name : group.names)
        update(name, params_.at(name), group);
  }

 private:
  AdamState& state_for(const std::string& name, const torch::Tensor& p) {
    auto it = state_.find(name);
    if (it == state_.end()) {
      auto opts = p.options().dtype(state_dtype_);
      it = state_.emplace(name, AdamState{torch::zeros(p.sizes(), opts),
                                          torch::zeros(p.sizes(), opts)}).first;
    }
    return it->second;
  }

  void update(const std::string& name, torch::Tensor& p, const ParamGroup& g) {
    if (!p.grad().defined())
      return;
    auto grad = p.grad();
    auto& st = state_for(name, p);
    st.step += 1;
    if (g.weight_decay != 0.0)
      p.mul_(1.0 - g.lr * g.weight_decay);
    st.exp_avg.mul_(beta1_).add_(grad, 1.0 - beta1_);
    st.exp_avg_sq.mul_(beta2_).addcmul_(grad, grad, 1.0 - beta2_);
    double bc1 = 1.0 - std::pow(beta1_, st.step);
    double bc2 = 1.0 - std::pow(beta2_, st.step);
    auto denom = (st.exp_avg_sq / bc2).sqrt_().add_(eps_);
    p.addcdiv_(st.exp_avg, denom, -g.lr / bc1); // BUG
  }

  std::vector<ParamGroup> groups_;
  torch::Dtype state_dtype_;
  std::map<std::string, torch::Tensor> params_;
  std::map<std::string, AdamState> state_;
  double beta1_ = 0.9, beta2_ = 0.999, eps_ = 1e-8;
};

int main() {
  torch::manual_seed(0);
  torch::nn::Sequential model(torch::nn::Linear(5, 4), torch::nn::ReLU(),
                              torch::nn::Linear(4, 1));
  std::vector<ParamGroup> groups{{{"0.weight", "2.weight"}, 1e-2, 0.01},
                                 {{"0.bias", "2.bias"}, 1e-2, 0.0}};
  HandAdamW opt(*model, groups, torch::kFloat64);

  for (int it = 0; it < 3; ++it) {
    auto x = torch::randn({8, 5});
    auto y = x.sum(1, true);
    auto loss = torch::mse_loss(model->forward(x), y);
    model->zero_grad();
    loss.backward();
    opt.step();
  }
  std::cout << "done\n";
  return 0;
}
