// scenario: an intent classifier reads int32 labels from its dataset, widens them in a custom collate, and tracks accuracy with int64 counters in a callback
// tier: 3
// family: loss-target-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <memory>
#include <vector>

class IntentDataset : public torch::data::datasets::Dataset<IntentDataset> {
public:
  IntentDataset(int64_t n, int64_t dim, int64_t intents) {
    std::vector<int32_t> raw(n);
    for (int64_t i = 0; i < n; ++i) raw[i] = static_cast<int32_t>((i * 13) % intents);
    labels_ = torch::from_blob(raw.data(), {n}, torch::kInt32).clone();
    features_ = torch::randn({n, dim}) + 0.5 * labels_.unsqueeze(1).to(torch::kFloat);
  }
  torch::data::Example<> get(size_t i) override { return {features_[i], labels_[i]}; }
  torch::optional<size_t> size() const override { return static_cast<size_t>(labels_.size(0)); }

private:
  torch::Tensor features_, labels_;
};

torch::data::Example<> collate_batch(const std::vector<torch::data::Example<>>& samples) {
  std::vector<torch::Tensor> xs, ys;
  for (const auto& s : samples) {
    xs.push_back(s.data);
    ys.push_back(s.target);
  }
  return {torch::stack(xs), torch::stack(ys).to(torch::kLong)};  // class ids for the loss
}

struct Callback {
  virtual ~Callback() = default;
  virtual void on_batch_end(const torch::Tensor& logits, const torch::Tensor& targets) {}
  virtual void on_epoch_end(int epoch) {}
};

class AccuracyCallback : public Callback {
public:
  void on_batch_end(const torch::Tensor& logits, const torch::Tensor& targets) override {
    auto ids = logits.argmax(1);
    auto as_float = targets.to(torch::kFloat);  // the way the dashboard exports them
    correct_ += ids.eq(as_float).sum();
    seen_ += targets.numel();
  }
  void on_epoch_end(int epoch) override {
    std::cout << "epoch " << epoch << " acc " << correct_.item<int64_t>() / static_cast<double>(seen_) << "\n";
    correct_.zero_();
    seen_ = 0;
  }

private:
  torch::Tensor correct_ = torch::zeros({}, torch::kLong);
  int64_t seen_ = 0;
};

torch::Tensor intent_loss(const torch::Tensor& logits, const torch::Tensor& targets) {
  namespace F = torch::nn::functional;
  return F::cross_entropy(logits, targets, F::CrossEntropyFuncOptions().label_smoothing(0.1));
}

int main() {
  torch::manual_seed(21);
  auto loader = torch::data::make_data_loader(IntentDataset(120, 24, 6), torch::data::DataLoaderOptions().batch_size(20));
  torch::nn::Sequential model(torch::nn::Linear(24, 48), torch::nn::Tanh(), torch::nn::Linear(48, 6));
  torch::optim::Adam opt(model->parameters(), torch::optim::AdamOptions(5e-3));
  std::vector<std::shared_ptr<Callback>> callbacks{std::make_shared<AccuracyCallback>()};
  auto loss_sum = torch::zeros({}, torch::kDouble);

  for (int epoch = 0; epoch < 3; ++epoch) {
    loss_sum.zero_();
    for (auto& samples : *loader) {
      auto batch = collate_batch(samples);
      opt.zero_grad();
      auto logits = model->forward(batch.data);
      auto loss = intent_loss(logits, batch.target);
      loss.backward();
      torch::nn::utils::clip_grad_norm_(model->parameters(), 5.0);
      opt.step();
      loss_sum += loss.detach();
      for (auto& cb : callbacks) cb->on_batch_end(logits.detach(), batch.target);
    }
    for (auto& cb : callbacks) cb->on_epoch_end(epoch);
    std::cout << "  loss sum " << loss_sum.item<double>() << "\n";
  }
  return 0;
}
