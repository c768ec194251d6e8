// scenario: shards keep their class labels in an optional compact dtype (int16 or int32); the training step widens them to int64 before cross entropy whenever they are not already int64
// tier: 2
// family: loss-target-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <optional>
#include <vector>

namespace F = torch::nn::functional;

struct ShardSpec {
  std::string name;
  std::optional<torch::Dtype> label_storage; // unset: keep int64
};

torch::Tensor load_labels(const std::vector<int64_t>& raw, const ShardSpec& spec) {
  torch::Tensor labels = torch::tensor(raw);
  if (spec.label_storage.has_value()) {
    labels = labels.to(*spec.label_storage); // compact in RAM
  }
  return labels;
}

torch::Tensor training_step(torch::nn::Linear& classifier, const torch::Tensor& features,
                            const torch::Tensor& labels) {
  torch::Tensor targets = labels;
  if (targets.scalar_type() != torch::kLong) {
    targets = targets.to(torch::kLong);
  }
  torch::Tensor logits = classifier->forward(features);
  return F::cross_entropy(logits, targets);
}

int main() {
  torch::manual_seed(11);
  torch::nn::Linear classifier(6, 3);
  std::vector<ShardSpec> shards = {
      {"web", torch::kShort}, {"books", std::nullopt}, {"news", torch::kInt}};
  std::vector<int64_t> raw = {0, 2, 1, 1, 0};

  for (const auto& spec : shards) {
    torch::Tensor labels = load_labels(raw, spec);
    torch::Tensor features = torch::randn({static_cast<int64_t>(raw.size()), 6});
    torch::Tensor loss = training_step(classifier, features, labels);
    loss.backward();
    std::cout << spec.name << " labels " << labels.dtype() << " loss "
              << loss.item<float>() << "\n";
  }
  return 0;
}
