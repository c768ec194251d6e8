// scenario: behaviour cloning from a replay buffer that is warm-started with demonstrations read from a float log
// tier: 2
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Long but found Float
#include <deque>
#include <torch/torch.h>
#include <iostream>
#include <vector>

namespace {

struct Transition {
  torch::Tensor state;
  torch::Tensor action;
  float reward;
};

constexpr int64_t kStateDim = 8;
constexpr int64_t kNumActions = 4;
constexpr size_t kCapacity = 256;

void push(std::deque<Transition>& buffer, Transition t) {
  if (buffer.size() == kCapacity)
    buffer.pop_front();
  buffer.push_back(std::move(t));
}

} // namespace

int main() {
  torch::manual_seed(17);
  std::deque<Transition> buffer;
  const int warmup_steps = 64;

  for (int step = 0; step < 128; ++step) {
    auto state = torch::randn({kStateDim});
    if (step < warmup_steps) {
      // Demonstrations come from a CSV where every column is a float.
      float demo_action = static_cast<float>(step % kNumActions);
      push(buffer, {state, torch::full({}, demo_action), 1.0f});
    } else {
      auto action = torch::randint(0, kNumActions, {}, torch::kLong);
      push(buffer, {state, action, 0.0f});
    }
  }

  torch::nn::Sequential policy(torch::nn::Linear(kStateDim, 32),
                               torch::nn::ReLU(),
                               torch::nn::Linear(32, kNumActions));
  torch::optim::Adam optimizer(policy->parameters(), torch::optim::AdamOptions(1e-3));

  const size_t batch_size = 32;
  for (size_t start = 0; start + batch_size <= buffer.size(); start += batch_size) {
    std::vector<torch::Tensor> states, actions;
    for (size_t i = start; i < start + batch_size; ++i) {
      states.push_back(buffer[i].state);
      actions.push_back(buffer[i].action);
    }
    auto log_probs = torch::log_softmax(policy->forward(torch::stack(states)), 1);
    auto targets = torch::stack(actions);
    auto loss = torch::nll_loss(log_probs, targets); // BUG
    optimizer.zero_grad();
    loss.backward();
    optimizer.step();
    std::cout << "batch at " << start << " loss " << loss.item<float>() << "\n";
  }
  return 0;
}
