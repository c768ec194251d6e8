// scenario: CRTP text encoders share a pooling front end; the tokenizer hands over int32 ids that go straight into nn::Embedding, which accepts Int as well as Long
// tier: 4
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <cstdint>
#include <iostream>
#include <string>
#include <vector>

template <typename Derived> class TokenEncoderBase {
public:
  torch::Tensor encode(const torch::Tensor &ids, const torch::Tensor &mask) {
    auto tok = derived().embed(ids);
    auto m = mask.unsqueeze(-1).to(tok.scalar_type());
    auto pooled = (tok * m).sum(1) / m.sum(1).clamp_min(1.0);
    return derived().project(pooled);
  }

private:
  Derived &derived() { return static_cast<Derived &>(*this); }
};

class BagOfWordsEncoder : public TokenEncoderBase<BagOfWordsEncoder>, public torch::nn::Module {
public:
  BagOfWordsEncoder(int64_t vocab, int64_t dim)
      : emb_(register_module("emb", torch::nn::Embedding(vocab, dim))),
        proj_(register_module("proj", torch::nn::Linear(dim, dim))) {}
  torch::Tensor embed(const torch::Tensor &ids) { return emb_(ids); }
  torch::Tensor project(const torch::Tensor &pooled) { return torch::tanh(proj_(pooled)); }

private:
  torch::nn::Embedding emb_;
  torch::nn::Linear proj_;
};

// a toy tokenizer: the ids buffer is int32, as most tokenizer libraries emit
std::pair<torch::Tensor, torch::Tensor> tokenize(const std::vector<std::string> &texts, int64_t max_len,
                                                 int64_t vocab) {
  std::vector<int32_t> ids(texts.size() * max_len, 0);
  std::vector<uint8_t> mask(texts.size() * max_len, 0);
  for (size_t row = 0; row < texts.size(); ++row) {
    const auto &t = texts[row];
    for (int64_t i = 0; i < max_len && i < static_cast<int64_t>(t.size()); ++i) {
      ids[row * max_len + i] = static_cast<int32_t>(static_cast<unsigned char>(t[i]) % vocab);
      mask[row * max_len + i] = 1;
    }
  }
  const int64_t n = static_cast<int64_t>(texts.size());
  auto id_t = torch::from_blob(ids.data(), {n, max_len}, torch::kInt32).clone();
  auto mask_t = torch::from_blob(mask.data(), {n, max_len}, torch::kUInt8).clone().to(torch::kBool);
  return {id_t, mask_t};
}

int main() {
  torch::manual_seed(14);
  const int64_t vocab = 97;
  auto encoder = std::make_shared<BagOfWordsEncoder>(vocab, 32);
  auto [ids, mask] = tokenize({"reset my password", "cancel order", "where is my parcel"}, 12, vocab);
  auto vecs = encoder->encode(ids, mask);
  auto sims = torch::mm(vecs, vecs.t());
  std::cout << "ids " << ids.dtype() << " similarity\n" << sims << "\n";
  return 0;
}
