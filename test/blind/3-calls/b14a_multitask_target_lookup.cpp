// scenario: multi-task head looks up each task's targets (int64 class ids, int64 0/1 flags, float32 values) by name and dispatches to a loss lambda chosen by the task kind
// tier: 3
// family: loss-target-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace {

enum class TaskKind { Classification, Binary, Regression };

struct TaskSpec {
  TaskKind kind;
  int64_t outputs;
};

struct TaskBatch {
  torch::Tensor targets;
  TaskKind kind;
};

using LossFn = std::function<torch::Tensor(const torch::Tensor &, const torch::Tensor &)>;

std::map<TaskKind, LossFn> make_losses() {
  std::map<TaskKind, LossFn> losses;
  losses[TaskKind::Classification] = [](const torch::Tensor &logits, const torch::Tensor &t) {
    return torch::nn::functional::cross_entropy(logits, t);
  };
  losses[TaskKind::Binary] = [](const torch::Tensor &logits, const torch::Tensor &t) {
    // Flags are stored as int64 0/1; the loss wants them as probabilities.
    return torch::nn::functional::binary_cross_entropy_with_logits(
        logits.squeeze(1), t.to(logits.scalar_type()));
  };
  losses[TaskKind::Regression] = [](const torch::Tensor &pred, const torch::Tensor &t) {
    return torch::nn::functional::smooth_l1_loss(pred.squeeze(1), t);
  };
  return losses;
}

std::map<std::string, TaskBatch> load_targets(int64_t n) {
  std::map<std::string, TaskBatch> batch;
  batch["intent"] = {torch::randint(0, 4, {n}), TaskKind::Classification};
  batch["is_spam"] = {torch::randint(0, 2, {n}), TaskKind::Binary};
  batch["dwell_time"] = {torch::rand({n}) * 5.0f, TaskKind::Regression};
  return batch;
}

torch::Tensor total_loss(const std::map<std::string, torch::Tensor> &heads,
                         const std::map<std::string, TaskBatch> &targets,
                         const std::map<TaskKind, LossFn> &losses,
                         std::map<std::string, double> *per_task) {
  auto total = torch::zeros({});
  for (const auto &head : heads) {
    auto found = targets.find(head.first);
    if (found == targets.end())
      continue;
    const TaskBatch &tb = found->second;
    auto loss = losses.at(tb.kind)(head.second, tb.targets);
    (*per_task)[head.first] = loss.item<double>();
    total = total + loss;
  }
  return total;
}

} // namespace

int main() {
  torch::manual_seed(0);
  const int64_t n = 16;
  const std::map<std::string, TaskSpec> specs = {
      {"intent", {TaskKind::Classification, 4}},
      {"is_spam", {TaskKind::Binary, 1}},
      {"dwell_time", {TaskKind::Regression, 1}},
  };

  torch::nn::Linear trunk(10, 12);
  std::map<std::string, torch::nn::Linear> head_layers;
  std::vector<torch::Tensor> params = trunk->parameters();
  for (const auto &s : specs) {
    head_layers.emplace(s.first, torch::nn::Linear(12, s.second.outputs));
    auto p = head_layers.at(s.first)->parameters();
    params.insert(params.end(), p.begin(), p.end());
  }
  torch::optim::Adam opt(params, torch::optim::AdamOptions(1e-2));

  auto x = torch::randn({n, 10});
  auto targets = load_targets(n);
  auto losses = make_losses();

  double first = 0.0, last = 0.0;
  std::map<std::string, double> per_task;
  for (int step = 0; step < 20; ++step) {
    opt.zero_grad();
    auto h = torch::relu(trunk->forward(x));
    std::map<std::string, torch::Tensor> heads;
    for (auto &hl : head_layers)
      heads[hl.first] = hl.second->forward(h);
    auto loss = total_loss(heads, targets, losses, &per_task);
    loss.backward();
    opt.step();
    if (step == 0)
      first = loss.item<double>();
    last = loss.item<double>();
  }
  if (per_task.size() != 3)
    return 1;
  if (targets.at("intent").targets.scalar_type() != torch::kLong)
    return 1;
  return last < first ? 0 : 1;
}
