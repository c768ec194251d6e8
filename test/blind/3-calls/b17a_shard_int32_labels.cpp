// scenario: a text classifier's batches come from a shard reader that stores ids and labels as int32; the ids are fine for the embedding, the labels reach nll_loss in a helper
// tier: 3
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Long but found Int
#include <torch/torch.h>

#include <iostream>
#include <utility>

struct ShardConfig {
  int64_t vocab = 200;
  int64_t seq_len = 12;
  int64_t num_classes = 4;
  torch::Dtype storage_dtype = torch::kInt32; // on-disk format of the shards
};

struct Batch {
  torch::Tensor ids;
  torch::Tensor labels;
};

// Stand-in for the shard reader: tensors keep the on-disk integer width.
Batch read_batch(const ShardConfig &cfg, int64_t batch_size) {
  auto opts = torch::TensorOptions().dtype(cfg.storage_dtype);
  Batch b;
  b.ids = torch::randint(1, cfg.vocab, {batch_size, cfg.seq_len}, opts);
  b.labels = torch::randint(0, cfg.num_classes, {batch_size}, opts);
  return b;
}

struct BagClassifierImpl : torch::nn::Module {
  BagClassifierImpl(int64_t vocab, int64_t dim, int64_t classes) {
    embed = register_module("embed", torch::nn::Embedding(torch::nn::EmbeddingOptions(vocab, dim).padding_idx(0)));
    head = register_module("head", torch::nn::Sequential(
        torch::nn::Linear(dim, dim), torch::nn::ReLU(), torch::nn::Linear(dim, classes)));
  }
  torch::Tensor forward(const torch::Tensor &ids) {
    auto mask = ids.ne(0).unsqueeze(-1).to(torch::kFloat);
    auto pooled = (embed(ids) * mask).sum(1) / mask.sum(1).clamp_min(1.0);
    return head->forward(pooled);
  }
  torch::nn::Embedding embed{nullptr};
  torch::nn::Sequential head{nullptr};
};
TORCH_MODULE(BagClassifier);

torch::Tensor classification_loss(const torch::Tensor &logits, const torch::Tensor &targets,
                                  double smoothing) {
  auto log_probs = torch::log_softmax(logits, -1);
  auto nll = torch::nll_loss(log_probs, targets); // BUG
  auto uniform = -log_probs.mean(-1).mean();
  return (1.0 - smoothing) * nll + smoothing * uniform;
}

double train_epoch(BagClassifier &model, torch::optim::Optimizer &optim,
                   const ShardConfig &cfg, int steps) {
  double total = 0.0;
  for (int step = 0; step < steps; ++step) {
    Batch batch = read_batch(cfg, 8);
    auto logits = model->forward(batch.ids);
    auto loss = classification_loss(logits, batch.labels, 0.1);
    optim.zero_grad();
    loss.backward();
    optim.step();
    total += loss.item<double>();
  }
  return total / steps;
}

int main() {
  torch::manual_seed(0);
  ShardConfig cfg;
  BagClassifier model(cfg.vocab, 16, cfg.num_classes);
  torch::optim::Adam optim(model->parameters(), torch::optim::AdamOptions(1e-3));
  std::cout << "mean loss " << train_epoch(model, optim, cfg, 2) << "\n";
  return 0;
}
