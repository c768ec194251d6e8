// scenario: bag-of-words text classifier whose tokenizer returns int32 ids; offsets come from a cumsum of int32 lengths (which yields int64), and the class prior is a bincount of int32 labels with float weights
// tier: 3
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <string>
#include <vector>

namespace {

// tokenizer output: flat int32 ids and the number of ids per document
struct Encoded {
  torch::Tensor ids;     // int32
  torch::Tensor lengths; // int32
};

Encoded tokenize(const std::vector<std::string> &docs, int64_t vocab) {
  std::vector<int32_t> ids, lens;
  for (const auto &d : docs) {
    int32_t n = 0;
    for (char c : d) {
      if (c == ' ')
        continue;
      ids.push_back(static_cast<int32_t>((c * 13) % vocab));
      ++n;
    }
    lens.push_back(n);
  }
  return {torch::tensor(ids, torch::kInt), torch::tensor(lens, torch::kInt)};
}

torch::Tensor offsets_from(const torch::Tensor &lengths) {
  // exclusive prefix sum; cumsum of int32 gives int64
  auto ends = lengths.cumsum(0);
  return torch::cat({torch::zeros({1}, ends.options()), ends.slice(0, 0, -1)});
}

torch::Tensor class_prior(const torch::Tensor &labels, const torch::Tensor &doc_weight,
                          int64_t classes) {
  auto mass = torch::bincount(labels, doc_weight, classes);
  return mass / mass.sum();
}

} // namespace

int main() {
  torch::manual_seed(2);
  const int64_t vocab = 97, dim = 8, classes = 3;
  std::vector<std::string> docs = {"good movie", "bad plot and acting", "fine", "great cast"};
  auto enc = tokenize(docs, vocab);
  auto offsets = offsets_from(enc.lengths);

  auto table = torch::randn({vocab, dim});
  auto head = torch::randn({dim, classes});
  auto bags = std::get<0>(torch::embedding_bag(table, enc.ids, offsets, false, /*mode=mean*/ 1));
  auto logits = bags.mm(head);

  // first token of each document, picked with int32 positions
  auto first = enc.ids.index_select(0, offsets.to(torch::kInt));
  auto first_emb = torch::embedding(table, first);

  auto labels = torch::tensor({2, 0, 1, 2}, torch::kInt);
  auto weight = enc.lengths.to(torch::kFloat);
  auto prior = class_prior(labels, weight, classes);
  auto scores = torch::log_softmax(logits, 1) + prior.log();
  std::cout << scores.argmax(1) << "\n" << first_emb.sizes() << "\n";
  return 0;
}
