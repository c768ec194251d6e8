// scenario: multi-label tagger whose multi-hot targets come out of one_hot as int64 and reach BCE-with-logits
// tier: 1
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: result type Float can't be cast to the desired output type Long
#include <torch/torch.h>

#include <iostream>
#include <string>
#include <vector>

namespace {

constexpr int64_t kNumTags = 6;
constexpr int64_t kMaxTagsPerItem = 3;
constexpr int64_t kFeatureDim = 16;

// Tag lists as they come out of the annotation export; ragged.
const std::vector<std::vector<int64_t>> kAnnotations = {
    {0, 2}, {1}, {3, 4, 5}, {2}, {0, 1, 5}, {4}, {}, {2, 3},
};

} // namespace

int main() {
  torch::manual_seed(3);
  const int64_t batch = static_cast<int64_t>(kAnnotations.size());

  // Pad the ragged tag lists with an extra "no tag" index so one_hot can take them.
  const int64_t pad_tag = kNumTags;
  std::vector<int64_t> flat(static_cast<size_t>(batch * kMaxTagsPerItem), pad_tag);
  for (int64_t i = 0; i < batch; ++i) {
    const auto &tags = kAnnotations[static_cast<size_t>(i)];
    for (size_t j = 0; j < tags.size(); ++j)
      flat[static_cast<size_t>(i * kMaxTagsPerItem) + j] = tags[j];
  }
  torch::Tensor tag_ids = torch::tensor(flat).view({batch, kMaxTagsPerItem});

  // Multi-hot: one_hot over tags + pad column, max over the tag slots, drop the pad column.
  torch::Tensor multi_hot = torch::one_hot(tag_ids, kNumTags + 1).amax(1);
  torch::Tensor targets = multi_hot.slice(/*dim=*/1, 0, kNumTags);

  // Positive weights from the tag frequencies, as the imbalance recipe asks.
  torch::Tensor positives = targets.sum(0).to(torch::kFloat);
  torch::Tensor pos_weight = (static_cast<double>(batch) - positives) / positives.clamp_min(1.0);

  torch::nn::Sequential head(torch::nn::Linear(kFeatureDim, 32), torch::nn::ReLU(),
                             torch::nn::Linear(32, kNumTags));
  torch::optim::AdamW optimizer(head->parameters(), torch::optim::AdamWOptions(1e-3));
  torch::Tensor features = torch::randn({batch, kFeatureDim});

  optimizer.zero_grad();
  torch::Tensor logits = head->forward(features);
  torch::Tensor loss = torch::binary_cross_entropy_with_logits(logits, targets, /*weight=*/{}, pos_weight); // BUG
  loss.backward();
  optimizer.step();

  torch::Tensor predicted = logits.sigmoid().gt(0.5);
  torch::Tensor hits = predicted.logical_and(targets.to(torch::kBool)).sum();
  std::cout << "loss " << loss.item<float>() << " hits " << hits.item<int64_t>() << "\n";
  return 0;
}
