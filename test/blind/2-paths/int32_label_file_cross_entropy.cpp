// scenario: classifier reads its labels from an int32 binary shard; with label smoothing off the raw ids go straight to cross_entropy
// tier: 2
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Long but found Int
#include <torch/torch.h>
#include <cstdint>
#include <iostream>
#include <vector>

namespace F = torch::nn::functional;

struct ShardConfig {
  int64_t num_classes = 5;
  double label_smoothing = 0.0;
  bool drop_ignored = true;
};

int main() {
  torch::manual_seed(4);
  ShardConfig cfg;

  // the shard writer stores labels as int32 (-1 marks an unlabeled row)
  std::vector<int32_t> raw = {0, 3, -1, 2, 4, 1, 1, -1, 0, 2};
  auto labels = torch::from_blob(raw.data(), {static_cast<int64_t>(raw.size())}, torch::kInt32).clone();
  auto features = torch::randn({labels.size(0), 12});

  if (cfg.drop_ignored) {
    auto keep = labels.ge(0);
    labels = labels.masked_select(keep);
    features = features.index({keep});
  }

  torch::nn::Linear head(12, cfg.num_classes);
  auto logits = head(features);

  torch::Tensor targets;
  if (cfg.label_smoothing > 0.0) {
    auto one_hot = F::one_hot(labels.to(torch::kLong), cfg.num_classes).to(torch::kFloat);
    targets = one_hot * (1.0 - cfg.label_smoothing) + cfg.label_smoothing / cfg.num_classes;
  } else {
    targets = labels;
  }

  auto loss = F::cross_entropy(logits, targets); // BUG
  loss.backward();
  std::cout << "loss " << loss.item<double>() << " over " << labels.size(0) << " rows\n";
  return 0;
}
