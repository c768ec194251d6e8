// scenario: RL policy restores its observation normalizer from float64 statistics by copy_ over buffers(); copy_ casts into the existing float32 buffers
// tier: 4
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <vector>

struct ObsNormalizerImpl : torch::nn::Module {
  explicit ObsNormalizerImpl(int64_t dim) {
    mean_ = register_buffer("mean", torch::zeros({dim}));
    var_ = register_buffer("var", torch::ones({dim}));
    count_ = register_buffer("count", torch::zeros({1}));
  }
  torch::Tensor forward(const torch::Tensor& obs) {
    return ((obs - mean_) / torch::sqrt(var_ + 1e-8)).clamp(-5.0, 5.0);
  }
  torch::Tensor mean_, var_, count_;
};
TORCH_MODULE(ObsNormalizer);

struct PolicyImpl : torch::nn::Module {
  PolicyImpl(int64_t obs_dim, int64_t actions) {
    norm_ = register_module("norm", ObsNormalizer(obs_dim));
    pi_ = register_module("pi", torch::nn::Sequential(torch::nn::Linear(obs_dim, 32),
                                                      torch::nn::Tanh(),
                                                      torch::nn::Linear(32, actions)));
  }
  torch::Tensor forward(const torch::Tensor& obs) {
    return torch::softmax(pi_->forward(norm_(obs)), /*dim=*/-1);
  }
  ObsNormalizer norm_{nullptr};
  torch::nn::Sequential pi_{nullptr};
};
TORCH_MODULE(Policy);

// The rollout workers accumulate Welford statistics in double precision.
std::vector<torch::Tensor> worker_statistics(int64_t dim) {
  return {torch::linspace(-1.0, 1.0, dim, torch::kDouble),
          torch::linspace(0.5, 2.0, dim, torch::kDouble),
          torch::full({1}, 40960.0, torch::kDouble)};
}

int main() {
  torch::manual_seed(29);
  Policy policy(/*obs_dim=*/5, /*actions=*/3);
  auto stats = worker_statistics(5);
  {
    torch::NoGradGuard no_grad;
    auto buffers = policy->norm_->buffers();
    for (size_t i = 0; i < buffers.size(); ++i)
      buffers[i].copy_(stats[i]);
  }
  policy->eval();
  torch::NoGradGuard no_grad;
  auto obs = torch::randn({2, 5});
  auto probs = policy->forward(obs);
  std::cout << "action probs " << probs << "\n";
  return 0;
}
