// scenario: wraps a tokenizer's int64 id buffer with from_blob (no dtype given) and embeds it in a bag-of-embeddings text classifier
// tier: 3
// family: from-blob-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Expected tensor for argument #1 'indices' to have one of the following scalar types: Long, Int; but got CPUFloatType instead
#include <torch/torch.h>
#include <iostream>
#include <sstream>
#include <string>
#include <unordered_map>
#include <vector>

class Vocabulary {
 public:
  int64_t idFor(const std::string& word) {
    auto it = ids_.find(word);
    if (it != ids_.end())
      return it->second;
    int64_t id = static_cast<int64_t>(ids_.size()) + 1;
    ids_.emplace(word, id);
    return id;
  }

  std::vector<int64_t> encode(const std::string& text) {
    std::vector<int64_t> out;
    std::istringstream words(text);
    std::string w;
    while (words >> w)
      out.push_back(idFor(w));
    return out;
  }

 private:
  std::unordered_map<std::string, int64_t> ids_;
};

torch::Tensor toTensor(std::vector<int64_t>& ids) {
  return torch::from_blob(ids.data(), {static_cast<int64_t>(ids.size())}).clone();
}

torch::Tensor embedText(torch::nn::Embedding& embedding, const torch::Tensor& token_ids) {
  auto vectors = embedding(token_ids); // BUG
  return vectors.mean(0);
}

int main() {
  torch::manual_seed(12);
  Vocabulary vocab;
  std::vector<std::string> docs = {"the model converged after ten epochs",
                                   "loss exploded on the second epoch",
                                   "the validation accuracy improved"};

  torch::nn::Embedding embedding(torch::nn::EmbeddingOptions(64, 16).padding_idx(0));
  torch::nn::Linear classifier(16, 2);

  std::vector<torch::Tensor> pooled;
  for (const auto& doc : docs) {
    auto ids = vocab.encode(doc);
    pooled.push_back(embedText(embedding, toTensor(ids)));
  }
  auto logits = classifier(torch::stack(pooled));
  std::cout << "document scores:\n" << torch::softmax(logits, 1) << "\n";
  return 0;
}
