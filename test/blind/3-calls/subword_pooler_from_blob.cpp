// scenario: pools subword-piece embeddings into word vectors, wrapping the tokenizer's host buffers without copying
// tier: 3
// family: from-blob-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Expected tensor for argument #1 'indices' to have one of the following scalar types: Long, Int
#include <torch/torch.h>

#include <cstdint>
#include <functional>
#include <iostream>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

namespace tok {

struct Encoding {
  std::vector<int64_t> pieceIds;
  std::vector<int32_t> wordOfPiece;
  int32_t numWords = 0;
};

// Splits on whitespace, then cuts every word into pieces of at most
// `pieceLen` characters hashed into the vocabulary.
inline Encoding encode(const std::string &text, int64_t vocabSize,
                       size_t pieceLen = 4) {
  Encoding enc;
  std::istringstream in(text);
  std::string word;
  while (in >> word) {
    for (size_t pos = 0; pos < word.size(); pos += pieceLen) {
      auto piece = word.substr(pos, pieceLen);
      enc.pieceIds.push_back(static_cast<int64_t>(
          std::hash<std::string>{}(piece) % static_cast<size_t>(vocabSize)));
      enc.wordOfPiece.push_back(enc.numWords);
    }
    ++enc.numWords;
  }
  return enc;
}

} // namespace tok

namespace hostbuf {

// Non-owning view of a host vector; the vector must outlive the tensor.
template <typename T> torch::Tensor borrow(std::vector<T> &v) {
  const auto n = static_cast<int64_t>(v.size());
  if constexpr (std::is_same_v<T, int64_t>)
    return torch::from_blob(v.data(), {n}, torch::kLong);
  else if constexpr (std::is_same_v<T, int32_t>)
    return torch::from_blob(v.data(), {n}, torch::kInt);
  else {
    static_assert(std::is_same_v<T, float>, "unsupported element type");
    return torch::from_blob(v.data(), {n});
  }
}

} // namespace hostbuf

class WordPooler {
public:
  WordPooler(int64_t vocabSize, int64_t dim)
      : table_(torch::randn({vocabSize, dim}) * 0.02) {}

  torch::Tensor pool(tok::Encoding &enc) const {
    const auto n = static_cast<int64_t>(enc.pieceIds.size());
    auto pieces = torch::embedding(table_, torch::from_blob(enc.pieceIds.data(), {n})); // BUG
    auto words = hostbuf::borrow(enc.wordOfPiece).to(torch::kLong);
    auto sums = torch::zeros({enc.numWords, table_.size(1)});
    sums.index_add_(0, words, pieces);
    auto counts = torch::bincount(words, {}, enc.numWords).clamp_min(1);
    return sums / counts.unsqueeze(1).to(sums.scalar_type());
  }

private:
  torch::Tensor table_;
};

int main() {
  const int64_t vocab = 30000;
  WordPooler pooler(vocab, /*dim=*/64);
  for (const std::string text :
       {"tokenization pipelines are rarely the bottleneck",
        "subword pooling keeps word boundaries"}) {
    auto enc = tok::encode(text, vocab);
    auto wordVecs = pooler.pool(enc);
    std::cout << enc.numWords << " words -> " << wordVecs.sizes() << "\n";
  }
  return 0;
}
