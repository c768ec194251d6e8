// scenario: multi-label tagger whose collate packs per-sample tag ids into a multi-hot tensor handed to a BCE helper
// tier: 3
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Found dtype Long but expected Float
#include <torch/torch.h>
#include <iostream>
#include <random>
#include <vector>

namespace {

constexpr int64_t kNumTags = 8;
constexpr int64_t kFeatureDim = 20;

struct Document {
  std::vector<float> features;
  std::vector<int> tag_ids;
};

struct TaggedBatch {
  torch::Tensor features;
  torch::Tensor tags;
};

std::vector<Document> synthetic_corpus(size_t n, std::mt19937 &rng) {
  std::normal_distribution<float> feat(0.f, 1.f);
  std::uniform_int_distribution<int> tag(0, kNumTags - 1);
  std::vector<Document> docs(n);
  for (auto &d : docs) {
    d.features.resize(kFeatureDim);
    for (auto &v : d.features)
      v = feat(rng);
    d.tag_ids = {tag(rng), tag(rng)};
  }
  return docs;
}

TaggedBatch collate(const std::vector<Document> &docs, size_t begin, size_t end) {
  std::vector<float> flat_features;
  std::vector<int> multi_hot((end - begin) * kNumTags, 0);
  for (size_t i = begin; i < end; ++i) {
    flat_features.insert(flat_features.end(), docs[i].features.begin(),
                         docs[i].features.end());
    for (int t : docs[i].tag_ids)
      multi_hot[(i - begin) * kNumTags + t] = 1;
  }
  const auto rows = static_cast<int64_t>(end - begin);
  return {torch::tensor(flat_features).view({rows, kFeatureDim}),
          torch::tensor(multi_hot).view({rows, kNumTags})};
}

torch::Tensor tagging_loss(const torch::Tensor &logits, const torch::Tensor &tags,
                           const torch::Tensor &tag_weights) {
  auto probs = torch::sigmoid(logits);
  return torch::binary_cross_entropy(probs, tags, tag_weights.expand_as(probs)); // BUG
}

} // namespace

int main() {
  std::mt19937 rng(1234);
  auto docs = synthetic_corpus(200, rng);
  const size_t batch_size = 25;

  torch::nn::Sequential tagger(torch::nn::Linear(kFeatureDim, 32), torch::nn::ReLU(),
                               torch::nn::Linear(32, kNumTags));
  torch::optim::Adam optimizer(tagger->parameters(), torch::optim::AdamOptions(2e-3));
  auto tag_weights = torch::ones({1, kNumTags});

  for (int epoch = 0; epoch < 3; ++epoch) {
    double total = 0.0;
    size_t steps = 0;
    for (size_t begin = 0; begin < docs.size(); begin += batch_size) {
      auto batch = collate(docs, begin, std::min(docs.size(), begin + batch_size));
      auto logits = tagger->forward(batch.features);
      auto loss = tagging_loss(logits, batch.tags, tag_weights);
      optimizer.zero_grad();
      loss.backward();
      optimizer.step();
      total += loss.item<double>();
      ++steps;
    }
    std::cout << "epoch " << epoch << " bce " << total / steps << "\n";
  }
  return 0;
}
