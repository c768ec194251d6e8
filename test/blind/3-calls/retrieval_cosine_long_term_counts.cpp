// scenario: keyword retrieval compares term-count vectors (int64 bincounts) with cosine_similarity
// tier: 3
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected common dtype to be floating point, yet common dtype is Long
#include <torch/torch.h>
#include <functional>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace F = torch::nn::functional;

std::vector<int64_t> hash_terms(const std::string& text, int64_t vocab) {
  std::vector<int64_t> ids;
  std::istringstream in(text);
  std::string word;
  while (in >> word) ids.push_back(static_cast<int64_t>(std::hash<std::string>{}(word) % vocab));
  return ids;
}

torch::Tensor term_counts(const std::vector<int64_t>& term_ids, int64_t vocab) {
  return torch::bincount(torch::tensor(term_ids), {}, vocab);
}

torch::Tensor rank_documents(const torch::Tensor& query, const torch::Tensor& docs) {
  torch::Tensor q = query.unsqueeze(0).expand_as(docs);
  torch::Tensor sim = F::cosine_similarity(q, docs, F::CosineSimilarityFuncOptions().dim(1)); // BUG
  return sim.argsort(0, /*descending=*/true);
}

int main() {
  const int64_t vocab = 64;
  std::vector<std::string> corpus = {"cheap flights to rome", "rome pasta recipes",
                                     "flights and hotels", "gardening tips for spring"};
  std::vector<torch::Tensor> rows;
  for (const auto& d : corpus) rows.push_back(term_counts(hash_terms(d, vocab), vocab));
  torch::Tensor docs = torch::stack(rows);

  torch::Tensor query = term_counts(hash_terms("flights rome", vocab), vocab);
  torch::Tensor ranking = rank_documents(query, docs);
  torch::Tensor idf = torch::log(double(docs.size(0)) / (docs.gt(0).sum(0) + 1));

  std::cout << "ranking " << ranking << "\nnonzero idf terms " << idf.gt(0).sum() << "\n";
  return 0;
}
