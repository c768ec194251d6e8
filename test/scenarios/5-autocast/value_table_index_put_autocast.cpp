// scenario: an offline RL evaluator writes critic values, computed under CPU autocast, into a float32 state-value table with index_put_
// tier: 5
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Index put requires the source and destination dtypes match
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

struct Critic : torch::nn::Module {
  Critic() {
    body = register_module("body", torch::nn::Sequential(
        torch::nn::Linear(12, 64), torch::nn::Tanh(), torch::nn::Linear(64, 1)));
  }
  torch::Tensor forward(const torch::Tensor &obs) { return body->forward(obs).squeeze(1); }
  torch::nn::Sequential body{nullptr};
};

int main() {
  torch::manual_seed(0);
  Critic critic;
  const int64_t num_states = 256;
  auto values = torch::zeros({num_states});
  auto observations = torch::randn({32, 12});
  auto state_ids = torch::randperm(num_states).narrow(0, 0, 32);

  torch::NoGradGuard no_grad;
  at::autocast::set_cpu_enabled(true);
  auto estimates = critic.forward(observations);
  values.index_put_({state_ids}, estimates); // BUG
  at::autocast::set_cpu_enabled(false);

  std::cout << "mean value " << values.sum().item<float>() / 32 << "\n";
  return 0;
}
