// scenario: a batch loader lambda returns std::pair<features, labels>; the multi-label branch turns class ids into float one-hot rows, but the binary branch hands the int64 ids straight to binary_cross_entropy
// tier: 2
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Found dtype Long but expected Float
#include <torch/torch.h>
#include <functional>
#include <iostream>
#include <utility>

namespace F = torch::nn::functional;

enum class TaskMode { MultiLabel, Binary };

struct TaskConfig {
  TaskMode mode;
  int64_t num_outputs;
};

using Batch = std::pair<torch::Tensor, torch::Tensor>;

torch::Tensor train_step(torch::nn::Linear& head, torch::optim::Optimizer& opt, const Batch& batch,
                         const TaskConfig& cfg) {
  const auto& [features, class_ids] = batch;
  torch::Tensor probs = torch::sigmoid(head->forward(features));
  torch::Tensor loss;
  if (cfg.mode == TaskMode::MultiLabel) {
    torch::Tensor targets = F::one_hot(class_ids, cfg.num_outputs).to(torch::kFloat);
    loss = F::binary_cross_entropy(probs, targets);
  } else {
    loss = F::binary_cross_entropy(probs.squeeze(-1), class_ids); // BUG
  }
  opt.zero_grad();
  loss.backward();
  opt.step();
  return loss.detach();
}

int main() {
  torch::manual_seed(59);
  std::function<Batch(int64_t, int64_t)> next_batch = [](int64_t rows, int64_t classes) {
    return Batch{torch::randn({rows, 10}), torch::randint(0, classes, {rows}, torch::kLong)};
  };

  TaskConfig tagging{TaskMode::MultiLabel, 4};
  torch::nn::Linear tag_head(10, tagging.num_outputs);
  torch::optim::SGD tag_opt(tag_head->parameters(), 0.1);
  std::cout << "tagging loss " << train_step(tag_head, tag_opt, next_batch(6, 4), tagging).item<float>() << "\n";

  TaskConfig spam{TaskMode::Binary, 1};
  torch::nn::Linear spam_head(10, spam.num_outputs);
  torch::optim::SGD spam_opt(spam_head->parameters(), 0.1);
  std::cout << "spam loss " << train_step(spam_head, spam_opt, next_batch(6, 2), spam).item<float>() << "\n";
  return 0;
}
