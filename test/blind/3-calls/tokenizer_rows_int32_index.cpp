// scenario: a wordpiece-style tokenizer returns int32 ids (as the C tokenizer library does) and a helper gathers their embedding rows
// tier: 3
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: tensors used as indices must be long, byte or bool tensors
#include <torch/torch.h>
#include <cstdint>
#include <iostream>
#include <map>
#include <string>
#include <vector>

namespace {

const std::map<std::string, int32_t> kVocab = {
    {"[CLS]", 101}, {"[SEP]", 102}, {"[UNK]", 100}, {"hello", 7}, {"world", 8}, {"##s", 9}};

std::vector<int32_t> encode(const std::vector<std::string> &words) {
  std::vector<int32_t> ids{kVocab.at("[CLS]")};
  for (const auto &w : words) {
    auto it = kVocab.find(w);
    ids.push_back(it != kVocab.end() ? it->second : kVocab.at("[UNK]"));
  }
  ids.push_back(kVocab.at("[SEP]"));
  return ids;
}

torch::Tensor ids_to_tensor(std::vector<int32_t> &ids) {
  // the buffer belongs to the caller: clone so the tensor owns its memory
  return torch::from_blob(ids.data(), {static_cast<int64_t>(ids.size())}, torch::kInt32).clone();
}

torch::Tensor lookup_rows(const torch::Tensor &table, const torch::Tensor &ids) {
  return table.index({ids}); // BUG
}

torch::Tensor sentence_embedding(const torch::Tensor &table, const torch::Tensor &ids) {
  auto rows = lookup_rows(table, ids);
  return rows.mean(0);
}

} // namespace

int main() {
  torch::manual_seed(3);
  auto table = torch::randn({128, 32});
  std::vector<std::vector<std::string>> sentences = {{"hello", "world"}, {"world", "##s", "foo"}};

  std::vector<torch::Tensor> out;
  for (const auto &s : sentences) {
    auto ids = encode(s);
    auto t = ids_to_tensor(ids);
    out.push_back(sentence_embedding(table, t));
  }
  auto emb = torch::stack(out);
  auto sim = torch::cosine_similarity(emb[0], emb[1], 0);
  std::cout << "similarity " << sim.item<float>() << "\n";
  return 0;
}
