// scenario: a semantic-search query encoder reuses the tokenizer written for the int32 ONNX export path; the id buffer is int32, but the tensor options come from a helper that picks int64 for the torch runtime, so from_blob reads pairs of ids as one Long and the embedding lookup goes out of range
// tier: 3
// family: from-blob-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: index out of range in self
#include <torch/torch.h>
#include <cstdint>
#include <iostream>
#include <sstream>
#include <string>
#include <unordered_map>
#include <vector>

namespace tok {
using TokenId = int32_t; // shared with the ONNX Runtime client, which wants int32 inputs

constexpr TokenId kPad = 0, kUnk = 100, kCls = 101, kSep = 102;

struct Encoding {
  std::vector<TokenId> ids; // padded to maxLength
  int64_t length = 0;       // tokens before padding
};

class WordPieceTokenizer {
public:
  WordPieceTokenizer() {
    const char *words[] = {"reset", "my", "password", "how", "to", "change", "email", "account"};
    TokenId next = 1000;
    for (const char *w : words)
      vocab_[w] = next++;
  }

  Encoding encode(const std::string &text, int64_t maxLength) const {
    Encoding enc;
    enc.ids.assign(maxLength, kPad);
    enc.ids[0] = kCls;
    std::istringstream in(text);
    std::string word;
    int64_t pos = 1;
    while (in >> word && pos < maxLength - 1) {
      auto it = vocab_.find(word);
      enc.ids[pos++] = it == vocab_.end() ? kUnk : it->second;
    }
    enc.ids[pos++] = kSep;
    enc.length = pos;
    return enc;
  }

private:
  std::unordered_map<std::string, TokenId> vocab_;
};
} // namespace tok

// nn::Embedding takes Long indices on the torch runtime; ONNX Runtime gets int32.
torch::TensorOptions idOptionsFor(const std::string &runtime) {
  return torch::TensorOptions().dtype(runtime == "onnxruntime" ? torch::kInt32 : torch::kInt64);
}

torch::Tensor embedTokens(torch::nn::Embedding &table, tok::Encoding &enc,
                          const torch::TensorOptions &idOptions) {
  return table->forward(torch::from_blob(enc.ids.data(), {1, enc.length}, idOptions)); // BUG
}

torch::Tensor meanPool(const torch::Tensor &hidden) {
  return torch::nn::functional::normalize(hidden.mean(1),
                                          torch::nn::functional::NormalizeFuncOptions().dim(-1));
}

int main() {
  torch::manual_seed(3);
  torch::NoGradGuard noGrad;
  tok::WordPieceTokenizer tokenizer;
  torch::nn::Embedding table(torch::nn::EmbeddingOptions(2048, 32).padding_idx(tok::kPad));
  auto options = idOptionsFor("libtorch");

  std::vector<std::string> queries = {"how to reset my password", "change account email"};
  std::vector<torch::Tensor> vectors;
  for (const auto &q : queries) {
    tok::Encoding enc = tokenizer.encode(q, 32);
    vectors.push_back(meanPool(embedTokens(table, enc, options)));
  }
  auto sims = torch::cat(vectors).mm(torch::cat(vectors).t());
  std::cout << sims << "\n";
  return 0;
}
