// scenario: a multi-label photo tagger stores its loss as a std::function picked by name; the forward pass runs under CPU autocast when mixed_precision is set, and the stored BCE callback gets bf16 probabilities against float32 multi-hot targets
// tier: 5
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Found dtype Float but expected BFloat16
#include <ATen/autocast_mode.h>
#include <torch/torch.h>

#include <functional>
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

using LossFn = std::function<torch::Tensor(const torch::Tensor &, const torch::Tensor &)>;

LossFn make_loss(const std::string &name) {
  if (name == "bce")
    return [](const torch::Tensor &logits, const torch::Tensor &targets) {
      auto probs = torch::sigmoid(logits).clamp(1e-4, 1.0 - 1e-4);
      return torch::binary_cross_entropy(probs, targets);  // BUG
    };
  if (name == "soft_margin")
    return [](const torch::Tensor &logits, const torch::Tensor &targets) {
      return torch::soft_margin_loss(logits, targets * 2 - 1);
    };
  throw std::invalid_argument("unknown loss " + name);
}

torch::Tensor multi_hot(const std::vector<std::vector<int64_t>> &tags, int64_t num_tags) {
  auto targets = torch::zeros({static_cast<int64_t>(tags.size()), num_tags});
  for (size_t i = 0; i < tags.size(); ++i)
    for (int64_t t : tags[i])
      targets[static_cast<int64_t>(i)][t] = 1.0;
  return targets;
}

class TaggerTrainer {
public:
  TaggerTrainer(int64_t num_tags, const std::string &loss_name, bool mixed_precision)
      : backbone_(torch::nn::Linear(256, 128), torch::nn::ReLU(), torch::nn::Linear(128, num_tags)),
        loss_fn_(make_loss(loss_name)), mixed_precision_(mixed_precision), num_tags_(num_tags),
        optimizer_(backbone_->parameters(), torch::optim::SGDOptions(0.05)) {}

  float train_step(const torch::Tensor &images, const std::vector<std::vector<int64_t>> &tags) {
    optimizer_.zero_grad();
    at::autocast::set_cpu_enabled(mixed_precision_);
    auto logits = backbone_->forward(images);
    at::autocast::set_cpu_enabled(false);
    auto loss = loss_fn_(logits, multi_hot(tags, num_tags_));
    loss.backward();
    optimizer_.step();
    return loss.item<float>();
  }

private:
  torch::nn::Sequential backbone_;
  LossFn loss_fn_;
  bool mixed_precision_;
  int64_t num_tags_;
  torch::optim::SGD optimizer_;
};

int main(int argc, char **argv) {
  const bool mixed_precision = argc < 2 || std::string(argv[1]) != "--fp32";
  TaggerTrainer trainer(/*num_tags=*/8, "bce", mixed_precision);
  std::vector<std::vector<int64_t>> tags = {{0, 3}, {1}, {2, 5, 7}, {4}};
  for (int step = 0; step < 3; ++step) {
    auto images = torch::randn({4, 256});
    std::cout << "step " << step << " loss " << trainer.train_step(images, tags) << "\n";
  }
  return 0;
}
