// scenario: a trainer config lets large shards store labels compactly; a ternary picks int32 or int64 for the label tensor and the NLL loss receives the int32 labels on the compact path
// tier: 2
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Long but found Int
#include <torch/torch.h>
#include <iostream>

namespace F = torch::nn::functional;

struct TrainerConfig {
  int64_t num_classes = 5;
  int64_t shard_rows = 12;
  bool compact_labels = false; // set for shards above the memory threshold
};

torch::Tensor load_shard_labels(const TrainerConfig& cfg) {
  const torch::Dtype label_dtype = cfg.compact_labels ? torch::kInt32 : torch::kInt64;
  return torch::randint(0, cfg.num_classes, {cfg.shard_rows}, torch::TensorOptions().dtype(label_dtype));
}

double epoch(const TrainerConfig& cfg, torch::nn::Linear& model, torch::optim::SGD& opt) {
  torch::Tensor labels = load_shard_labels(cfg);
  torch::Tensor features = torch::randn({cfg.shard_rows, 8});
  torch::Tensor log_probs = torch::log_softmax(model->forward(features), -1);
  torch::Tensor loss = F::nll_loss(log_probs, labels); // BUG
  opt.zero_grad();
  loss.backward();
  opt.step();
  return loss.item<double>();
}

int main() {
  torch::manual_seed(83);
  TrainerConfig cfg;
  torch::nn::Linear model(8, cfg.num_classes);
  torch::optim::SGD opt(model->parameters(), 0.05);

  std::cout << "small shard loss " << epoch(cfg, model, opt) << "\n";
  cfg.shard_rows = 20;
  cfg.compact_labels = true;
  std::cout << "large shard loss " << epoch(cfg, model, opt) << "\n";
  return 0;
}
