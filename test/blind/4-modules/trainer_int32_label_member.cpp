// scenario: trainer class pulls batches from an in-memory shard that keeps labels as int32 and steps a cross-entropy criterion member
// tier: 4
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Long but found Int
#include <torch/torch.h>
#include <algorithm>
#include <cstdint>
#include <iostream>
#include <vector>

struct Batch {
  torch::Tensor features;
  torch::Tensor labels;
};

class ShardDataset {
public:
  ShardDataset(int64_t numExamples, int64_t numFeatures, int32_t numClasses)
      : features_(torch::randn({numExamples, numFeatures})) {
    labels_.reserve(static_cast<size_t>(numExamples));
    for (int64_t i = 0; i < numExamples; ++i)
      labels_.push_back(static_cast<int32_t>(i % numClasses));
  }

  Batch get(int64_t start, int64_t size) {
    const int64_t end = std::min<int64_t>(start + size, features_.size(0));
    std::vector<int32_t> slice(labels_.begin() + start, labels_.begin() + end);
    auto labels = torch::from_blob(slice.data(), {end - start}, torch::kInt32).clone();
    return {features_.slice(0, start, end), labels};
  }

  int64_t size() const { return features_.size(0); }

private:
  torch::Tensor features_;
  std::vector<int32_t> labels_;
};

class Trainer {
public:
  Trainer(int64_t numFeatures, int64_t numClasses)
      : net_(torch::nn::Linear(numFeatures, 64), torch::nn::ReLU(),
             torch::nn::Linear(64, numClasses)),
        optimizer_(net_->parameters(), torch::optim::SGDOptions(0.1)) {}

  double step(const Batch &batch) {
    optimizer_.zero_grad();
    auto logits = net_->forward(batch.features);
    auto loss = criterion_(logits, batch.labels); // BUG
    loss.backward();
    optimizer_.step();
    return loss.item<double>();
  }

private:
  torch::nn::Sequential net_;
  torch::nn::CrossEntropyLoss criterion_;
  torch::optim::SGD optimizer_;
};

int main() {
  torch::manual_seed(53);
  ShardDataset shard(256, 20, 4);
  Trainer trainer(20, 4);

  const int64_t batchSize = 32;
  for (int epoch = 0; epoch < 2; ++epoch) {
    double total = 0.0;
    int64_t steps = 0;
    for (int64_t start = 0; start < shard.size(); start += batchSize, ++steps)
      total += trainer.step(shard.get(start, batchSize));
    std::cout << "epoch " << epoch << " mean loss " << total / steps << "\n";
  }
  return 0;
}
