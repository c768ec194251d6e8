// scenario: keyword-spotting trainer anneals label smoothing to zero; the hard-label branch gets the dataset's int32 targets
// tier: 2
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Long but found Int
#include <torch/torch.h>

#include <algorithm>
#include <cstdint>
#include <iostream>
#include <vector>

namespace {

constexpr int64_t kNumKeywords = 5;
constexpr int64_t kMelBins = 20;
constexpr int64_t kFrames = 8;

// Log-mel feature windows with the keyword id stored as it is on disk (int32).
class KeywordFeatures : public torch::data::datasets::Dataset<KeywordFeatures> {
public:
  explicit KeywordFeatures(int64_t n) {
    // The label column of the feature archive is int32.
    std::vector<int32_t> column(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i)
      column[static_cast<size_t>(i)] = static_cast<int32_t>((i * 7 + 3) % kNumKeywords);
    labels_ = torch::from_blob(column.data(), {n}, torch::kInt32).clone();
    features_ = torch::randn({n, kFrames, kMelBins}) +
                labels_.to(torch::kFloat).view({n, 1, 1}) * 0.5;
  }

  torch::data::Example<> get(size_t index) override {
    const auto i = static_cast<int64_t>(index);
    return {features_[i], labels_[i]};
  }

  c10::optional<size_t> size() const override { return static_cast<size_t>(labels_.size(0)); }

private:
  torch::Tensor features_;
  torch::Tensor labels_;
};

struct TrainConfig {
  int epochs = 4;
  int anneal_epochs = 2;   // smoothing reaches zero after this many epochs
  double smoothing = 0.1;
  int64_t batch_size = 16;
};

} // namespace

int main() {
  torch::manual_seed(21);
  TrainConfig cfg;
  auto dataset = KeywordFeatures(96).map(torch::data::transforms::Stack<>());
  auto loader = torch::data::make_data_loader<torch::data::samplers::SequentialSampler>(
      std::move(dataset), torch::data::DataLoaderOptions().batch_size(cfg.batch_size));

  torch::nn::Sequential model(torch::nn::Flatten(), torch::nn::Linear(kFrames * kMelBins, 32),
                              torch::nn::ReLU(), torch::nn::Linear(32, kNumKeywords));
  torch::optim::SGD optimizer(model->parameters(), torch::optim::SGDOptions(0.05).momentum(0.9));

  for (int epoch = 0; epoch < cfg.epochs; ++epoch) {
    double eps = cfg.smoothing * std::max(0.0, 1.0 - static_cast<double>(epoch) / cfg.anneal_epochs);
    double epoch_loss = 0.0;
    int64_t batches = 0;

    for (auto &batch : *loader) {
      optimizer.zero_grad();
      torch::Tensor logits = model->forward(batch.data);
      torch::Tensor loss;
      if (eps > 0.0) {
        // Soft targets: (1 - eps) on the keyword, eps spread uniformly.
        torch::Tensor one_hot = torch::one_hot(batch.target.to(torch::kLong), kNumKeywords).to(torch::kFloat);
        torch::Tensor soft = one_hot * (1.0 - eps) + eps / kNumKeywords;
        loss = -(soft * torch::log_softmax(logits, 1)).sum(1).mean();
      } else {
        loss = torch::cross_entropy_loss(logits, batch.target); // BUG
      }
      loss.backward();
      torch::nn::utils::clip_grad_norm_(model->parameters(), 1.0);
      optimizer.step();
      epoch_loss += loss.item<double>();
      ++batches;
    }
    std::cout << "epoch " << epoch << " eps " << eps << " loss " << epoch_loss / batches << "\n";
  }
  return 0;
}
