// scenario: a trainer class with Adam and StepLR consumes batches whose labels come from an int32 buffer via from_blob
// tier: 3
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Long but found Int
#include <torch/torch.h>
#include <cstdint>
#include <iostream>
#include <vector>

struct Batch {
  torch::Tensor features;
  torch::Tensor labels;
};

Batch load_batch(std::vector<float>& features, std::vector<int32_t>& labels, int64_t dim) {
  const int64_t rows = static_cast<int64_t>(labels.size());
  Batch batch;
  batch.features = torch::from_blob(features.data(), {rows, dim}, torch::kFloat32).clone();
  batch.labels = torch::from_blob(labels.data(), {rows}, torch::kInt32).clone();
  return batch;
}

struct IntentNetImpl : torch::nn::Module {
  IntentNetImpl(int64_t dim, int64_t intents) {
    encoder = register_module("encoder", torch::nn::Linear(dim, 64));
    dropout = register_module("dropout", torch::nn::Dropout(0.1));
    classifier = register_module("classifier", torch::nn::Linear(64, intents));
  }
  torch::Tensor forward(torch::Tensor x) {
    return classifier(dropout(torch::relu(encoder(x))));
  }
  torch::nn::Linear encoder{nullptr}, classifier{nullptr};
  torch::nn::Dropout dropout{nullptr};
};
TORCH_MODULE(IntentNet);

class Trainer {
 public:
  Trainer(int64_t dim, int64_t intents)
      : model_(dim, intents),
        optimizer_(model_->parameters(), torch::optim::AdamOptions(1e-3)),
        scheduler_(optimizer_, /*step_size=*/2, /*gamma=*/0.5) {}

  float train_step(const Batch& batch) {
    model_->train();
    optimizer_.zero_grad();
    torch::Tensor logits = model_(batch.features);
    torch::Tensor loss = criterion_(logits, batch.labels); // BUG
    loss.backward();
    optimizer_.step();
    return loss.item<float>();
  }

  void end_epoch() { scheduler_.step(); }

 private:
  IntentNet model_;
  torch::optim::Adam optimizer_;
  torch::optim::StepLR scheduler_;
  torch::nn::CrossEntropyLoss criterion_;
};

int main() {
  const int64_t dim = 16, intents = 7, rows = 32;
  std::vector<float> features(rows * dim);
  std::vector<int32_t> labels(rows);
  for (int64_t i = 0; i < rows * dim; ++i)
    features[i] = static_cast<float>((i * 37) % 101) / 101.0f;
  for (int64_t i = 0; i < rows; ++i)
    labels[i] = static_cast<int32_t>(i % intents);

  Trainer trainer(dim, intents);
  for (int epoch = 0; epoch < 4; ++epoch) {
    Batch batch = load_batch(features, labels, dim);
    float loss = trainer.train_step(batch);
    trainer.end_epoch();
    std::cout << "epoch " << epoch << " loss " << loss << "\n";
  }
  return 0;
}
