// scenario: intent classifier fed int32 token ids from a word-piece style tokenizer; labels widened before the loss
// tier: 1
// family: loss-target-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>

#include <cstdint>
#include <iostream>
#include <sstream>
#include <string>
#include <unordered_map>
#include <vector>

namespace {

class WhitespaceTokenizer {
public:
  static constexpr int32_t kPad = 0;
  static constexpr int32_t kUnk = 1;

  explicit WhitespaceTokenizer(const std::vector<std::string> &words) {
    for (const auto &w : words)
      vocab_.emplace(w, static_cast<int32_t>(vocab_.size()) + 2);
  }

  int32_t vocabSize() const { return static_cast<int32_t>(vocab_.size()) + 2; }

  std::vector<int32_t> encode(const std::string &text, size_t max_len) const {
    std::vector<int32_t> ids;
    std::istringstream in(text);
    std::string word;
    while (in >> word && ids.size() < max_len) {
      auto it = vocab_.find(word);
      ids.push_back(it == vocab_.end() ? kUnk : it->second);
    }
    ids.resize(max_len, kPad);
    return ids;
  }

private:
  std::unordered_map<std::string, int32_t> vocab_;
};

} // namespace

int main() {
  torch::manual_seed(11);
  WhitespaceTokenizer tokenizer({"play", "some", "jazz", "set", "an", "alarm", "for", "seven",
                                 "what", "is", "the", "weather", "today", "stop", "music"});
  const std::vector<std::string> utterances = {"play some jazz", "set an alarm for seven",
                                               "what is the weather today", "stop the music"};
  std::vector<int32_t> labels = {0, 1, 2, 0};
  const size_t max_len = 6;
  const int64_t batch = static_cast<int64_t>(utterances.size());

  std::vector<int32_t> flat;
  for (const auto &u : utterances) {
    auto ids = tokenizer.encode(u, max_len);
    flat.insert(flat.end(), ids.begin(), ids.end());
  }
  // The buffers hold int32_t, and the tensors say so.
  torch::Tensor input_ids =
      torch::from_blob(flat.data(), {batch, static_cast<int64_t>(max_len)}, torch::kInt).clone();
  torch::Tensor label_ids = torch::from_blob(labels.data(), {batch}, torch::kInt32).clone();

  torch::nn::Embedding embed(torch::nn::EmbeddingOptions(tokenizer.vocabSize(), 24)
                                 .padding_idx(WhitespaceTokenizer::kPad));
  torch::nn::Linear classify(24, 3);
  torch::optim::Adam optimizer(
      [&] {
        auto p = embed->parameters();
        auto q = classify->parameters();
        p.insert(p.end(), q.begin(), q.end());
        return p;
      }(),
      torch::optim::AdamOptions(5e-3));

  // Padding mask and lengths for masked mean pooling.
  torch::Tensor mask = input_ids.ne(WhitespaceTokenizer::kPad);
  torch::Tensor lengths = mask.sum(1);                       // Long
  torch::Tensor last_index = (lengths - 1).clamp_min(0);     // position of the last real token

  float first_loss = 0.f, last_loss = 0.f;
  for (int step = 0; step < 30; ++step) {
    optimizer.zero_grad();
    torch::Tensor tokens = embed->forward(input_ids);        // Int indices are accepted
    torch::Tensor summed = (tokens * mask.unsqueeze(-1).to(tokens.dtype())).sum(1);
    torch::Tensor pooled = summed / lengths.clamp_min(1).unsqueeze(1).to(summed.dtype());
    torch::Tensor last = tokens.gather(1, last_index.view({batch, 1, 1}).expand({batch, 1, 24})).squeeze(1);
    torch::Tensor logits = classify->forward(pooled + last);
    torch::Tensor loss = torch::nn::functional::cross_entropy(
        logits, label_ids.to(torch::kLong),
        torch::nn::functional::CrossEntropyFuncOptions().label_smoothing(0.05));
    loss.backward();
    optimizer.step();
    if (step == 0)
      first_loss = loss.item<float>();
    last_loss = loss.item<float>();
  }

  std::cout << "loss " << first_loss << " -> " << last_loss << "\n";
  return last_loss < first_loss ? 0 : 1;
}
