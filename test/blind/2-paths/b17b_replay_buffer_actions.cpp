// scenario: a DQN loop whose replay storage switches to int32 actions when the buffer is large, then gathers Q-values with sampled actions
// tier: 2
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: gather(): Expected dtype int64 for index
#include <torch/torch.h>

#include <algorithm>
#include <cstdint>
#include <iostream>
#include <random>

namespace {

struct DqnConfig {
  int64_t capacity = 256;
  int64_t obs_dim = 4;
  int64_t num_actions = 3;
  int64_t batch_size = 16;
  int64_t warmup = 32;
  double gamma = 0.99;
};

torch::nn::Sequential makeQNet(const DqnConfig &cfg) {
  return torch::nn::Sequential(torch::nn::Linear(cfg.obs_dim, 32), torch::nn::ReLU(),
                               torch::nn::Linear(32, cfg.num_actions));
}

} // namespace

int main() {
  torch::manual_seed(0);
  DqnConfig cfg;
  torch::nn::Sequential online = makeQNet(cfg);
  torch::nn::Sequential target = makeQNet(cfg);
  torch::optim::Adam opt(online->parameters(), torch::optim::AdamOptions(1e-3));

  // Replay storage, struct-of-arrays.
  torch::Tensor obs_buf = torch::zeros({cfg.capacity, cfg.obs_dim});
  torch::Tensor next_obs_buf = torch::zeros_like(obs_buf);
  torch::Tensor reward_buf = torch::zeros({cfg.capacity});
  torch::Tensor done_buf = torch::zeros({cfg.capacity}, torch::kBool);
  auto action_dtype = torch::kInt64;
  if (cfg.capacity >= 128)
    action_dtype = torch::kInt32; // halves the footprint of big buffers
  torch::Tensor action_buf = torch::zeros({cfg.capacity}, action_dtype);
  int64_t pos = 0, size = 0;

  std::mt19937 rng(7);
  std::uniform_real_distribution<double> coin(0.0, 1.0);
  double epsilon = 1.0;
  torch::Tensor obs = torch::randn({cfg.obs_dim});
  for (int step = 0; step < 80; ++step) {
    // Epsilon-greedy action selection.
    int64_t action;
    if (coin(rng) < epsilon) {
      action = torch::randint(0, cfg.num_actions, {1}).item<int64_t>();
    } else {
      torch::NoGradGuard no_grad;
      action = online->forward(obs.unsqueeze(0)).argmax(1).item<int64_t>();
    }
    torch::Tensor next_obs = obs + 0.1 * torch::randn({cfg.obs_dim});
    const float reward = action == 1 ? 1.0f : 0.0f;
    const bool done = step % 20 == 19;

    obs_buf[pos].copy_(obs);
    next_obs_buf[pos].copy_(next_obs);
    action_buf[pos].fill_(action);
    reward_buf[pos].fill_(reward);
    done_buf[pos].fill_(done);
    pos = (pos + 1) % cfg.capacity;
    size = std::min(size + 1, cfg.capacity);
    obs = done ? torch::randn({cfg.obs_dim}) : next_obs;
    epsilon = std::max(0.05, epsilon * 0.97);

    if (size < cfg.warmup)
      continue;
    torch::Tensor idx = torch::randint(0, size, {cfg.batch_size});
    torch::Tensor b_obs = obs_buf.index_select(0, idx);
    torch::Tensor b_actions = action_buf.index_select(0, idx);
    torch::Tensor b_rewards = reward_buf.index_select(0, idx);
    torch::Tensor b_next = next_obs_buf.index_select(0, idx);
    torch::Tensor b_dones = done_buf.index_select(0, idx);

    torch::Tensor q = online->forward(b_obs);
    torch::Tensor q_taken = q.gather(1, b_actions.unsqueeze(1)).squeeze(1); // BUG
    torch::Tensor next_q;
    {
      torch::NoGradGuard no_grad;
      next_q = std::get<0>(target->forward(b_next).max(1));
    }
    torch::Tensor td_target = b_rewards + cfg.gamma * next_q * (~b_dones);
    torch::Tensor loss = torch::smooth_l1_loss(q_taken, td_target);
    opt.zero_grad();
    loss.backward();
    opt.step();
  }
  std::cout << "epsilon " << epsilon << "\n";
  return 0;
}
