// scenario: RL critic constructed under a user-written RAII default-dtype guard set to float64; the guard restores float32 afterwards, so the states sampled later are float32
// tier: 3
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: mat1 and mat2 must have the same dtype
#include <torch/torch.h>
#include <iostream>

class DefaultDtypeGuard {
 public:
  explicit DefaultDtypeGuard(caffe2::TypeMeta dtype) : previous_(torch::get_default_dtype()) {
    torch::set_default_dtype(dtype);
  }
  ~DefaultDtypeGuard() { torch::set_default_dtype(previous_); }
  DefaultDtypeGuard(const DefaultDtypeGuard&) = delete;
  DefaultDtypeGuard& operator=(const DefaultDtypeGuard&) = delete;

 private:
  caffe2::TypeMeta previous_;
};

// Value targets in this environment reach 1e6, so the critic is float64.
torch::nn::Sequential build_critic(int64_t state_dim) {
  DefaultDtypeGuard fp64(caffe2::TypeMeta::Make<double>());
  return torch::nn::Sequential(torch::nn::Linear(state_dim, 64), torch::nn::Tanh(),
                               torch::nn::Linear(64, 1));
}

torch::Tensor sample_states(int64_t n, int64_t state_dim) {
  return torch::randn({n, state_dim}) * 100.0;
}

double critic_loss(torch::nn::Sequential critic, const torch::Tensor& states,
                   const torch::Tensor& returns) {
  auto values = critic->forward(states).squeeze(1); // BUG
  return torch::mse_loss(values, returns.to(values.dtype())).item<double>();
}

int main() {
  torch::manual_seed(127);
  auto critic = build_critic(/*state_dim=*/6);
  auto states = sample_states(8, 6);
  auto returns = states.sum(1) * 1e3;
  std::cout << "critic loss " << critic_loss(critic, states, returns) << "\n";
  return 0;
}
