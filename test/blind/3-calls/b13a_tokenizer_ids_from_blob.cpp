// scenario: a whitespace tokenizer's padded int64 id batch is wrapped with from_blob without a dtype, then looked up in the embedding table by the encoder
// tier: 3
// family: from-blob-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Expected tensor for argument #1 'indices' to have one of the following scalar types: Long, Int
#include <torch/torch.h>

#include <algorithm>
#include <cstdint>
#include <iostream>
#include <sstream>
#include <string>
#include <unordered_map>
#include <vector>

namespace {

class WhitespaceTokenizer {
public:
  static constexpr int64_t kPad = 0;
  static constexpr int64_t kUnk = 1;

  explicit WhitespaceTokenizer(const std::vector<std::string> &words) {
    int64_t next = 2;
    for (const auto &w : words)
      vocab_.emplace(w, next++);
  }

  std::vector<int64_t> encode(const std::string &text) const {
    std::vector<int64_t> ids;
    std::istringstream in(text);
    for (std::string w; in >> w;) {
      auto it = vocab_.find(w);
      ids.push_back(it == vocab_.end() ? kUnk : it->second);
    }
    return ids;
  }

  int64_t size() const { return static_cast<int64_t>(vocab_.size()) + 2; }

private:
  std::unordered_map<std::string, int64_t> vocab_;
};

// Pads a batch to its longest sequence; returns a [batch, len] tensor.
torch::Tensor collate(const std::vector<std::vector<int64_t>> &batch, int64_t pad) {
  size_t len = 0;
  for (const auto &seq : batch)
    len = std::max(len, seq.size());
  std::vector<int64_t> flat(batch.size() * len, pad);
  for (size_t i = 0; i < batch.size(); ++i)
    std::copy(batch[i].begin(), batch[i].end(), flat.begin() + i * len);
  return torch::from_blob(flat.data(),
                          {static_cast<int64_t>(batch.size()), static_cast<int64_t>(len)})
      .clone();
}

// Mean of the token embeddings, ignoring padding.
torch::Tensor mean_pool(const torch::Tensor &table, const torch::Tensor &ids, int64_t pad) {
  torch::Tensor mask = ids.ne(pad).unsqueeze(-1).to(table.scalar_type());
  torch::Tensor vectors = torch::embedding(table, ids, pad); // BUG
  return (vectors * mask).sum(1) / mask.sum(1).clamp_min(1.0);
}

} // namespace

int main() {
  torch::manual_seed(5);
  WhitespaceTokenizer tok({"the", "model", "runs", "on", "cpu", "fast"});
  std::vector<std::vector<int64_t>> batch = {tok.encode("the model runs fast"),
                                             tok.encode("runs on cpu"),
                                             tok.encode("unknown words here")};

  torch::Tensor ids = collate(batch, WhitespaceTokenizer::kPad);
  torch::Tensor table = torch::randn({tok.size(), 16});

  torch::Tensor sentence_vectors = mean_pool(table, ids, WhitespaceTokenizer::kPad);
  torch::Tensor sim = torch::cosine_similarity(sentence_vectors[0], sentence_vectors[1], 0);
  std::cout << "similarity " << sim.item<float>() << "\n";
  return 0;
}
