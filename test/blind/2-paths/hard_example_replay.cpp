// scenario: intent classifier that replays mined hard examples after warm-up; replayed labels are rebuilt from an int buffer
// tier: 2
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Long but found Int
#include <torch/torch.h>
#include <deque>
#include <iostream>
#include <vector>

namespace {

constexpr int64_t kFeatures = 16;
constexpr int64_t kIntents = 5;
constexpr int64_t kBatchSize = 32;
constexpr int kEpochs = 4;
constexpr int kReplayStartEpoch = 2;
constexpr size_t kMaxReplayBatches = 8;

struct ReplayBatch {
  torch::Tensor features;
  torch::Tensor labels;
};

// Keeps the samples of a batch whose loss is above the batch median.
ReplayBatch mine_hard_examples(const torch::Tensor &features,
                               const torch::Tensor &labels,
                               const torch::Tensor &per_sample_loss) {
  auto threshold = per_sample_loss.median();
  auto keep = torch::nonzero(per_sample_loss > threshold).squeeze(1);
  auto kept_labels = labels.index_select(0, keep);

  std::vector<int> label_buffer(kept_labels.size(0));
  auto acc = kept_labels.accessor<int64_t, 1>();
  for (int64_t i = 0; i < kept_labels.size(0); ++i)
    label_buffer[i] = static_cast<int>(acc[i]);

  ReplayBatch out;
  out.features = features.index_select(0, keep).clone();
  out.labels = torch::from_blob(label_buffer.data(),
                                {static_cast<int64_t>(label_buffer.size())},
                                torch::kInt32)
                   .clone();
  return out;
}

} // namespace

int main() {
  torch::manual_seed(7);
  auto train_x = torch::randn({256, kFeatures});
  auto train_y = torch::randint(0, kIntents, {256}, torch::kLong);

  torch::nn::Sequential model(torch::nn::Linear(kFeatures, 32), torch::nn::ReLU(),
                              torch::nn::Linear(32, kIntents));
  torch::optim::SGD optimizer(model->parameters(),
                              torch::optim::SGDOptions(0.05).momentum(0.9));
  std::deque<ReplayBatch> replay;

  for (int epoch = 0; epoch < kEpochs; ++epoch) {
    double epoch_loss = 0.0;
    int64_t correct = 0, seen = 0;
    const int64_t num_batches = train_x.size(0) / kBatchSize;

    for (int64_t b = 0; b < num_batches; ++b) {
      torch::Tensor inputs = train_x.narrow(0, b * kBatchSize, kBatchSize);
      torch::Tensor targets = train_y.narrow(0, b * kBatchSize, kBatchSize);

      bool from_replay = false;
      if (epoch >= kReplayStartEpoch && b % 3 == 0 && !replay.empty()) {
        inputs = replay.front().features;
        targets = replay.front().labels;
        replay.pop_front();
        from_replay = true;
      }

      auto logits = model->forward(inputs);
      auto loss = torch::nn::functional::cross_entropy(logits, targets); // BUG

      optimizer.zero_grad();
      loss.backward();
      optimizer.step();

      epoch_loss += loss.item<double>();
      correct += logits.argmax(1).eq(targets).sum().item<int64_t>();
      seen += targets.size(0);

      if (!from_replay && replay.size() < kMaxReplayBatches) {
        torch::NoGradGuard no_grad;
        auto per_sample = torch::nn::functional::cross_entropy(
            model->forward(inputs), targets,
            torch::nn::functional::CrossEntropyFuncOptions().reduction(torch::kNone));
        replay.push_back(mine_hard_examples(inputs, targets, per_sample));
      }
    }

    std::cout << "epoch " << epoch << " loss " << epoch_loss / num_batches
              << " acc " << static_cast<double>(correct) / seen
              << " replay " << replay.size() << "\n";
  }
  return 0;
}
