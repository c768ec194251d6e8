// scenario: sentence embeddings from int32 token ids (the tokenizer's native output) through an Embedding module and a helper that pools them
// tier: 3
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <algorithm>
#include <cstdint>
#include <iostream>
#include <string>
#include <vector>

namespace {

struct Encoded {
  std::vector<int32_t> ids;
  std::vector<int32_t> attention; // 1 for real tokens, 0 for padding
};

Encoded encode_padded(const std::string &text, size_t max_len) {
  Encoded e;
  for (char c : text)
    e.ids.push_back(static_cast<int32_t>(static_cast<unsigned char>(c) % 250 + 3));
  e.ids.resize(std::min(e.ids.size(), max_len));
  e.attention.assign(e.ids.size(), 1);
  e.ids.resize(max_len, 0);
  e.attention.resize(max_len, 0);
  return e;
}

torch::Tensor to_tensor(std::vector<int32_t> &v) {
  return torch::from_blob(v.data(), {static_cast<int64_t>(v.size())}, torch::kInt32).clone();
}

torch::Tensor masked_mean(const torch::Tensor &hidden, const torch::Tensor &mask) {
  auto m = mask.to(hidden.scalar_type()).unsqueeze(-1);
  return (hidden * m).sum(1) / m.sum(1).clamp_min(1.0);
}

torch::Tensor embed_batch(torch::nn::Embedding &emb, std::vector<Encoded> &batch) {
  std::vector<torch::Tensor> ids, masks;
  for (auto &e : batch) {
    ids.push_back(to_tensor(e.ids));
    masks.push_back(to_tensor(e.attention));
  }
  auto id_batch = torch::stack(ids); // int32
  auto hidden = emb(id_batch);
  return masked_mean(hidden, torch::stack(masks));
}

} // namespace

int main() {
  torch::manual_seed(21);
  torch::nn::Embedding emb(torch::nn::EmbeddingOptions(256, 24).padding_idx(0));
  std::vector<Encoded> batch = {encode_padded("hello there", 16), encode_padded("general kenobi, you are a bold one", 16)};
  torch::NoGradGuard no_grad;
  auto vecs = embed_batch(emb, batch);
  // first-token rows, picked with the same int32 ids
  auto first = emb->weight.index_select(0, to_tensor(batch[0].ids).slice(0, 0, 1));
  std::cout << "sentence vectors " << vecs.sizes() << ", first row " << first.sizes() << "\n";
  return 0;
}
