// scenario: nearest-neighbour retrieval over a normalised embedding index, writing top-k results into reusable buffers
// tier: 3
// family: out-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Expected out tensor to have dtype long int, but got int instead
#include <torch/torch.h>
#include <cstdint>
#include <iostream>

namespace F = torch::nn::functional;

struct ResultBuffers {
  torch::Tensor scores;
  torch::Tensor ids;
};

// Document ids fit comfortably in 32 bits, so the buffers use the id dtype
// the serving protocol sends.
ResultBuffers allocate_results(int64_t num_queries, int64_t k, torch::Dtype id_dtype) {
  return {torch::empty({num_queries, k}), torch::empty({num_queries, k}, id_dtype)};
}

torch::Tensor build_index(int64_t num_docs, int64_t dim) {
  torch::Tensor docs = torch::randn({num_docs, dim});
  return F::normalize(docs, F::NormalizeFuncOptions().dim(1));
}

void search(const torch::Tensor &queries, const torch::Tensor &index, int64_t k,
            ResultBuffers &out) {
  torch::Tensor q = F::normalize(queries, F::NormalizeFuncOptions().dim(1));
  torch::Tensor sims = torch::mm(q, index.t());
  torch::topk_out(out.scores, out.ids, sims, k, /*dim=*/1); // BUG
}

double recall_at_k(const ResultBuffers &res, const torch::Tensor &relevant) {
  torch::Tensor hits = (res.ids.to(torch::kLong) == relevant.unsqueeze(1)).any(1);
  return hits.to(torch::kFloat).mean().item<double>();
}

int main() {
  torch::manual_seed(13);
  const int64_t num_docs = 500, dim = 32, num_queries = 16, k = 10;
  torch::Tensor index = build_index(num_docs, dim);

  // Queries are noisy copies of known documents.
  torch::Tensor relevant = torch::randint(0, num_docs, {num_queries}, torch::kLong);
  torch::Tensor queries = index.index_select(0, relevant) + 0.3 * torch::randn({num_queries, dim});

  ResultBuffers buffers = allocate_results(num_queries, k, torch::kInt);
  for (int round = 0; round < 2; ++round) {
    search(queries, index, k, buffers);
    std::cout << "round " << round << " recall@" << k << " = " << recall_at_k(buffers, relevant)
              << "\n";
  }
  return 0;
}
