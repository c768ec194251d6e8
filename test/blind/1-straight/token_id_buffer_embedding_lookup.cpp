// scenario: tokenizes a sentence into a std::vector<int64_t> of ids, wraps it with from_blob and looks the ids up in an embedding table
// tier: 1
// family: from-blob-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Expected tensor for argument #1 'indices' to have one of the following scalar types: Long, Int; but got CPUFloatType instead
#include <torch/torch.h>
#include <cstdint>
#include <iostream>
#include <string>
#include <unordered_map>
#include <vector>

int main() {
  // Fixed vocabulary of a toy whitespace tokenizer; id 0 is <unk>/padding.
  const std::unordered_map<std::string, int64_t> vocab = {
      {"<unk>", 0}, {"the", 1}, {"cat", 2}, {"sat", 3},
      {"on", 4},    {"a", 5},   {"mat", 6}, {"dog", 7}};
  const std::string sentence = "the cat sat on a mat near the dog";

  std::vector<int64_t> ids;
  std::string word;
  for (char c : sentence + " ") {
    if (c != ' ') {
      word.push_back(c);
      continue;
    }
    if (word.empty())
      continue;
    auto it = vocab.find(word);
    ids.push_back(it == vocab.end() ? 0 : it->second);
    word.clear();
  }

  const int64_t seq_len = static_cast<int64_t>(ids.size());
  const int64_t vocab_size = static_cast<int64_t>(vocab.size());
  const int64_t embed_dim = 16;

  torch::manual_seed(7);
  torch::Tensor table = torch::randn({vocab_size, embed_dim});
  table[0].zero_(); // <unk> contributes nothing

  // Position weights decay along the sentence (later words count less).
  torch::Tensor positions = torch::arange(seq_len, torch::kFloat);
  torch::Tensor pos_weight = torch::exp(-0.1 * positions);
  pos_weight = pos_weight / pos_weight.sum();

  torch::Tensor token_ids = torch::from_blob(ids.data(), {seq_len});
  torch::Tensor vectors = torch::nn::functional::embedding(token_ids, table); // BUG
  torch::Tensor sentence_vec = (vectors * pos_weight.unsqueeze(1)).sum(0);

  torch::Tensor sims = torch::nn::functional::cosine_similarity(
      table, sentence_vec.unsqueeze(0),
      torch::nn::functional::CosineSimilarityFuncOptions().dim(1));
  auto nearest = sims.argmax().item<int64_t>();
  std::cout << "nearest vocabulary id: " << nearest << "\n";
  return 0;
}
