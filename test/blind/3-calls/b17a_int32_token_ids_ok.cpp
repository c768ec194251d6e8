// scenario: a sentence-pair scorer gets int32 token ids from its tokenizer helper, int64 positions from arange and a float64 temperature scalar; embedding takes Int ids and 0-dim tensors do not promote
// tier: 3
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>

#include <iostream>
#include <string>
#include <vector>

constexpr int64_t kPad = 0;

// Byte-level tokenizer; ids are int32 like the tokenizer library returns them.
torch::Tensor tokenize(const std::vector<std::string> &texts, int64_t max_len, int64_t vocab) {
  auto ids = torch::full({static_cast<int64_t>(texts.size()), max_len}, kPad, torch::kInt32);
  auto acc = ids.accessor<int32_t, 2>();
  for (size_t i = 0; i < texts.size(); ++i)
    for (int64_t j = 0; j < max_len && j < static_cast<int64_t>(texts[i].size()); ++j)
      acc[i][j] = 1 + static_cast<unsigned char>(texts[i][j]) % (vocab - 1);
  return ids;
}

torch::Tensor position_ids(const torch::Tensor &ids) {
  return torch::arange(ids.size(1)).unsqueeze(0).expand_as(ids);
}

struct PairEncoderImpl : torch::nn::Module {
  PairEncoderImpl(int64_t vocab, int64_t max_len, int64_t dim) {
    tokens = register_module("tokens", torch::nn::Embedding(torch::nn::EmbeddingOptions(vocab, dim).padding_idx(kPad)));
    positions = register_module("positions", torch::nn::Embedding(max_len, dim));
    proj = register_module("proj", torch::nn::Linear(dim, dim));
  }
  torch::Tensor forward(const torch::Tensor &ids) {
    auto h = tokens(ids) + positions(position_ids(ids));
    h = torch::tanh(proj(h));
    auto keep = ids.ne(kPad).unsqueeze(-1);
    h = h.masked_fill(keep.logical_not(), 0.0);
    return h.sum(1) / keep.sum(1).clamp_min(1);
  }
  torch::nn::Embedding tokens{nullptr}, positions{nullptr};
  torch::nn::Linear proj{nullptr};
};
TORCH_MODULE(PairEncoder);

torch::Tensor similarity_logits(const torch::Tensor &a, const torch::Tensor &b,
                                const torch::Tensor &temperature) {
  auto an = torch::nn::functional::normalize(a, torch::nn::functional::NormalizeFuncOptions().dim(-1));
  auto bn = torch::nn::functional::normalize(b, torch::nn::functional::NormalizeFuncOptions().dim(-1));
  return torch::mm(an, bn.t()) / temperature;
}

int main() {
  torch::manual_seed(0);
  const int64_t vocab = 97, max_len = 16;
  PairEncoder encoder(vocab, max_len, 12);

  std::vector<std::string> queries = {"cheap flights", "weather today", "pasta recipe"};
  std::vector<std::string> docs = {"low cost airline tickets", "forecast: rain", "how to cook spaghetti"};
  auto q = encoder->forward(tokenize(queries, max_len, vocab));
  auto d = encoder->forward(tokenize(docs, max_len, vocab));

  auto temperature = torch::tensor(0.05, torch::kFloat64); // read from a JSON config
  auto logits = similarity_logits(q, d, temperature);
  auto labels = torch::arange(static_cast<int64_t>(queries.size()));
  auto loss = torch::cross_entropy_loss(logits, labels);
  loss.backward();
  std::cout << "logits dtype " << logits.dtype() << " loss " << loss.item<double>() << "\n";
  return 0;
}
