// scenario: multi-task head training where each task's targets are built from shared int32 annotations with the dtype its loss expects
// tier: 3
// family: loss-target-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <map>
#include <string>

namespace F = torch::nn::functional;

enum class TaskKind { Classify, MultiLabel, Regress };

torch::Dtype target_dtype(TaskKind kind) {
  switch (kind) {
  case TaskKind::Classify:
    return torch::kLong;
  case TaskKind::MultiLabel:
  case TaskKind::Regress:
    return torch::kFloat;
  }
  return torch::kFloat;
}

int64_t output_width(TaskKind kind, int64_t num_classes) {
  return kind == TaskKind::Regress ? 1 : num_classes;
}

// annotations: [batch, 2] int32, column 0 = class id, column 1 = object count
torch::Tensor make_targets(const torch::Tensor &annotations, TaskKind kind, int64_t num_classes) {
  auto class_ids = annotations.select(1, 0);
  switch (kind) {
  case TaskKind::Classify:
    return class_ids.to(target_dtype(kind));
  case TaskKind::MultiLabel:
    return F::one_hot(class_ids.to(torch::kLong), num_classes)
        .logical_or(F::one_hot((class_ids.to(torch::kLong) + 1) % num_classes, num_classes))
        .to(target_dtype(kind));
  case TaskKind::Regress:
    return annotations.select(1, 1).unsqueeze(1).to(target_dtype(kind));
  }
  return {};
}

torch::Tensor task_loss(TaskKind kind, const torch::Tensor &output, const torch::Tensor &target) {
  switch (kind) {
  case TaskKind::Classify:
    return F::cross_entropy(output, target);
  case TaskKind::MultiLabel:
    return F::binary_cross_entropy_with_logits(output, target);
  case TaskKind::Regress:
    return F::smooth_l1_loss(output, target);
  }
  return {};
}

int main() {
  torch::manual_seed(9);
  const int64_t in_dim = 12, num_classes = 4, batch = 48;
  const std::map<std::string, TaskKind> tasks = {
      {"species", TaskKind::Classify}, {"tags", TaskKind::MultiLabel}, {"count", TaskKind::Regress}};

  torch::nn::Linear trunk(in_dim, 32);
  std::map<std::string, torch::nn::Linear> heads;
  std::vector<torch::Tensor> params = trunk->parameters();
  for (const auto &[name, kind] : tasks) {
    heads.emplace(name, torch::nn::Linear(32, output_width(kind, num_classes)));
    for (auto &p : heads.at(name)->parameters())
      params.push_back(p);
  }
  torch::optim::Adam opt(params, torch::optim::AdamOptions(1e-2));

  auto inputs = torch::randn({batch, in_dim});
  auto annotations = torch::stack({inputs.narrow(1, 0, num_classes).argmax(1),
                                   (inputs.select(1, 5) * 2).round().clamp(0, 6)}, 1)
                         .to(torch::kInt);

  double first = 0.0, last = 0.0;
  for (int step = 0; step < 80; ++step) {
    opt.zero_grad();
    auto shared = torch::relu(trunk->forward(inputs));
    auto total = torch::zeros({});
    for (const auto &[name, kind] : tasks) {
      auto target = make_targets(annotations, kind, num_classes);
      total = total + task_loss(kind, heads.at(name)->forward(shared), target);
    }
    total.backward();
    opt.step();
    last = total.item<double>();
    if (step == 0)
      first = last;
  }
  std::cout << "joint loss " << first << " -> " << last << "\n";
  return last < first ? 0 : 1;
}
