// scenario: a C++ tokenizer fills a std::vector<int64_t>; a helper wraps it with from_blob but forgets the dtype, and the ids reach an embedding
// tier: 3
// family: from-blob-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Expected tensor for argument #1 'indices' to have one of the following scalar types: Long, Int; but got CPUFloatType instead
#include <torch/torch.h>
#include <cstdint>
#include <iostream>
#include <string>
#include <vector>

namespace {

std::vector<int64_t> tokenize(const std::string& text) {
  std::vector<int64_t> ids;
  for (char c : text) ids.push_back(static_cast<unsigned char>(c) % 50);
  return ids;
}

torch::Tensor as_tensor(std::vector<int64_t>& ids) {
  return torch::from_blob(ids.data(), {static_cast<int64_t>(ids.size())});
}

torch::Tensor encode(const torch::Tensor& table, const torch::Tensor& ids) {
  torch::Tensor vecs = torch::embedding(table, ids); // BUG
  return vecs.mean(0);
}

} // namespace

int main() {
  torch::manual_seed(83);
  torch::Tensor table = torch::randn({50, 6});
  std::vector<std::string> texts = {"hello", "world!"};
  std::vector<std::vector<int64_t>> buffers;
  for (const auto& t : texts) buffers.push_back(tokenize(t));

  std::vector<torch::Tensor> sentence_vecs;
  for (auto& buf : buffers) sentence_vecs.push_back(encode(table, as_tensor(buf)));
  torch::Tensor sims = torch::cosine_similarity(sentence_vecs[0], sentence_vecs[1], 0);
  std::cout << "similarity " << sims.item<float>() << "\n";
  return 0;
}
