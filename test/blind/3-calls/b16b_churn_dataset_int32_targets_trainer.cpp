// scenario: a Trainer with callbacks fits a churn model from a custom Dataset whose targets keep the int32 dtype of the label column
// tier: 3
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Long but found Int
#include <torch/torch.h>
#include <iostream>
#include <memory>
#include <vector>

class ChurnDataset : public torch::data::datasets::Dataset<ChurnDataset> {
public:
  ChurnDataset(std::vector<float> features, std::vector<int32_t> churned, int64_t num_features)
      : features_(torch::from_blob(features.data(), {static_cast<int64_t>(churned.size()), num_features}).clone()),
        labels_(torch::from_blob(churned.data(), {static_cast<int64_t>(churned.size())}, torch::kInt32).clone()) {}

  torch::data::Example<> get(size_t index) override { return {features_[index], labels_[index]}; }
  torch::optional<size_t> size() const override { return static_cast<size_t>(labels_.size(0)); }

private:
  torch::Tensor features_, labels_;
};

struct Callback {
  virtual ~Callback() = default;
  virtual void on_batch_end(int64_t step, float loss) {}
  virtual void on_epoch_end(int epoch, float mean_loss) {}
};

struct ProgressLogger : Callback {
  void on_epoch_end(int epoch, float mean_loss) override { std::cout << "epoch " << epoch << " loss " << mean_loss << "\n"; }
};

struct GradNormClip : Callback {
  explicit GradNormClip(torch::nn::Module& m, double max_norm) : module(m), max_norm(max_norm) {}
  void on_batch_end(int64_t, float) override { torch::nn::utils::clip_grad_norm_(module.parameters(), max_norm); }
  torch::nn::Module& module;
  double max_norm;
};

torch::Tensor classification_loss(const torch::Tensor& logits, const torch::Tensor& targets, double smoothing) {
  namespace F = torch::nn::functional;
  return F::cross_entropy(logits, targets, F::CrossEntropyFuncOptions().label_smoothing(smoothing)); // BUG
}

class Trainer {
public:
  Trainer(torch::nn::Sequential model, double lr) : model_(model), opt_(model->parameters(), torch::optim::SGDOptions(lr)) {}
  void add_callback(std::shared_ptr<Callback> cb) { callbacks_.push_back(std::move(cb)); }

  template <typename Loader>
  void fit(Loader& loader, int epochs) {
    int64_t step = 0;
    for (int epoch = 0; epoch < epochs; ++epoch) {
      float total = 0.f;
      int batches = 0;
      for (auto& batch : loader) {
        opt_.zero_grad();
        torch::Tensor loss = classification_loss(model_->forward(batch.data), batch.target, 0.05);
        loss.backward();
        for (auto& cb : callbacks_) cb->on_batch_end(step, loss.item<float>());
        opt_.step();
        total += loss.item<float>();
        ++batches, ++step;
      }
      for (auto& cb : callbacks_) cb->on_epoch_end(epoch, total / batches);
    }
  }

private:
  torch::nn::Sequential model_;
  torch::optim::SGD opt_;
  std::vector<std::shared_ptr<Callback>> callbacks_;
};

int main() {
  const int64_t rows = 96, cols = 12;
  std::vector<float> feats(rows * cols);
  std::vector<int32_t> churned(rows);
  for (int64_t i = 0; i < rows; ++i) {
    churned[i] = (i % 5 == 0) ? 1 : 0;
    for (int64_t j = 0; j < cols; ++j) feats[i * cols + j] = 0.01f * static_cast<float>((i * 31 + j * 7) % 97) + churned[i];
  }
  auto dataset = ChurnDataset(feats, churned, cols).map(torch::data::transforms::Stack<>());
  auto loader = torch::data::make_data_loader<torch::data::samplers::SequentialSampler>(std::move(dataset), 16);

  torch::nn::Sequential model(torch::nn::Linear(cols, 32), torch::nn::ReLU(), torch::nn::Linear(32, 2));
  Trainer trainer(model, 0.05);
  trainer.add_callback(std::make_shared<GradNormClip>(*model, 1.0));
  trainer.add_callback(std::make_shared<ProgressLogger>());
  trainer.fit(*loader, 3);
  return 0;
}
