// scenario: a multi-label tagger builds its multi-hot targets with one_hot in a collate helper and trains with BCE-with-logits
// tier: 3
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: result type Float can't be cast to the desired output type Long
#include <torch/torch.h>

#include <cstdint>
#include <iostream>
#include <vector>

namespace {

struct Example {
  std::vector<float> features;
  std::vector<int64_t> tags; // indices of the tags present on this item
};

struct Batch {
  torch::Tensor features;
  torch::Tensor targets;
};

torch::Tensor multi_hot(const std::vector<int64_t> &tags, int64_t num_tags) {
  torch::Tensor idx = torch::tensor(tags);
  // One row per tag, OR-ed together into one row.
  return torch::one_hot(idx, num_tags).amax(0);
}

Batch collate(const std::vector<Example> &examples, int64_t num_tags) {
  std::vector<torch::Tensor> feats, targets;
  for (const auto &ex : examples) {
    feats.push_back(torch::tensor(ex.features));
    targets.push_back(multi_hot(ex.tags, num_tags));
  }
  return {torch::stack(feats), torch::stack(targets)};
}

float train_step(torch::nn::Sequential &model, torch::optim::Optimizer &opt,
                 const Batch &batch) {
  opt.zero_grad();
  torch::Tensor logits = model->forward(batch.features);
  auto loss = torch::nn::functional::binary_cross_entropy_with_logits(logits, batch.targets); // BUG
  loss.backward();
  opt.step();
  return loss.item<float>();
}

} // namespace

int main() {
  torch::manual_seed(21);
  const int64_t num_tags = 5;
  std::vector<Example> data = {
      {{0.1f, 0.4f, -0.2f, 0.9f}, {0, 3}},
      {{0.7f, -0.1f, 0.3f, 0.2f}, {1}},
      {{-0.5f, 0.8f, 0.6f, -0.3f}, {2, 3, 4}},
  };

  torch::nn::Sequential model(torch::nn::Linear(4, 8), torch::nn::ReLU(),
                              torch::nn::Linear(8, num_tags));
  torch::optim::Adam opt(model->parameters(), torch::optim::AdamOptions(1e-2));

  Batch batch = collate(data, num_tags);
  for (int epoch = 0; epoch < 3; ++epoch)
    std::cout << "epoch " << epoch << " loss " << train_step(model, opt, batch) << "\n";
  return 0;
}
