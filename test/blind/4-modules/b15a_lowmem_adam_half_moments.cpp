// scenario: hand-written low-memory Adam keeps its moment estimates in float16 per-parameter state structs and updates the second moment with addcmul_ on the CPU
// tier: 4
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: "addcmul_cpu_out" not implemented for 'Half'
#include <torch/torch.h>
#include <cmath>
#include <iostream>
#include <vector>

struct MomentState {
  torch::Tensor exp_avg;
  torch::Tensor exp_avg_sq;
  int64_t step = 0;
};

class LowMemAdam {
 public:
  LowMemAdam(std::vector<torch::Tensor> params, double lr, torch::Dtype state_dtype = torch::kHalf)
      : params_(std::move(params)), lr_(lr) {
    for (const auto& p : params_) {
      state_.push_back({torch::zeros_like(p, state_dtype), torch::zeros_like(p, state_dtype), 0});
    }
  }

  void step() {
    torch::NoGradGuard no_grad;
    for (size_t i = 0; i < params_.size(); ++i) {
      auto& p = params_[i];
      if (!p.grad().defined()) continue;
      MomentState& st = state_[i];
      st.step += 1;
      auto g = p.grad().to(st.exp_avg.scalar_type());
      st.exp_avg.mul_(beta1_).add_(g, 1.0 - beta1_);
      st.exp_avg_sq.mul_(beta2_).addcmul_(g, g, 1.0 - beta2_); // BUG
      const double bc1 = 1.0 - std::pow(beta1_, st.step);
      const double bc2 = 1.0 - std::pow(beta2_, st.step);
      auto denom = (st.exp_avg_sq.to(torch::kFloat) / bc2).sqrt_().add_(eps_);
      p.addcdiv_(st.exp_avg.to(torch::kFloat), denom, -lr_ / bc1);
    }
  }

  void zero_grad() {
    for (auto& p : params_) if (p.grad().defined()) p.grad().zero_();
  }

 private:
  std::vector<torch::Tensor> params_;
  std::vector<MomentState> state_;
  double lr_, beta1_ = 0.9, beta2_ = 0.999, eps_ = 1e-8;
};

int main() {
  torch::manual_seed(4);
  torch::nn::Sequential mlp(torch::nn::Linear(6, 24), torch::nn::GELU(), torch::nn::Linear(24, 1));
  LowMemAdam opt(mlp->parameters(), 3e-3);
  for (int it = 0; it < 25; ++it) {
    auto x = torch::randn({32, 6});
    auto y = x.pow(2).sum(1, true);
    opt.zero_grad();
    auto loss = torch::mse_loss(mlp->forward(x), y);
    loss.backward();
    opt.step();
    if (it % 5 == 0) std::cout << "it " << it << " loss " << loss.item<float>() << "\n";
  }
  return 0;
}
