// scenario: accumulates corpus term statistics (counts, doc frequency, tf-idf, unigram CDF) into preallocated float64 buffers
// tier: 1
// family: out-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

int main() {
  torch::manual_seed(3);
  const int64_t vocab = 50;
  const int64_t docs = 8;
  const int64_t doc_len = 30;
  const int64_t shards = 4;

  // statistics are kept in float64 across shards to avoid drift
  auto term_counts = torch::zeros({vocab}, torch::kDouble);
  auto attention_mass = torch::zeros({docs}, torch::kDouble);
  auto doc_mass = torch::empty({docs}, torch::kDouble);
  auto cdf = torch::empty({vocab}, torch::kDouble);
  auto tfidf = torch::empty({vocab}, torch::kDouble);
  auto bucket_hist = torch::zeros({vocab / 10}, torch::kDouble);

  auto doc_freq = torch::zeros({vocab}, torch::kLong);
  for (int64_t shard = 0; shard < shards; ++shard) {
    auto token_ids = torch::randint(0, vocab, {docs, doc_len}, torch::kLong);
    auto token_weights = torch::rand({docs, doc_len});

    auto counts = torch::bincount(token_ids.flatten(), {}, vocab);
    torch::add_out(term_counts, term_counts, counts);

    torch::sum_out(doc_mass, token_weights, {1});
    torch::add_out(attention_mass, attention_mass, doc_mass);

    auto present = torch::zeros({docs, vocab}, torch::kLong).scatter_(1, token_ids, 1);
    doc_freq += present.sum(0);

    auto buckets = token_ids.div(10, "floor");
    auto weighted = torch::bincount(buckets.flatten(), token_weights.flatten(), vocab / 10);
    torch::add_out(bucket_hist, bucket_hist, weighted);
  }

  const int64_t total_docs = docs * shards;
  auto idf = (doc_freq + 1).to(torch::kDouble).reciprocal().mul(total_docs + 1).log().add(1.0);
  auto tf = term_counts.to(torch::kFloat) / term_counts.sum().item<float>();
  torch::mul_out(tfidf, tf, idf);
  torch::cumsum_out(cdf, tf, 0);

  auto top_terms = std::get<1>(tfidf.topk(5));
  std::cout << "top tf-idf terms: " << top_terms << "\n";
  std::cout << "attention mass per doc slot: " << attention_mass << "\n";
  std::cout << "bucket histogram: " << bucket_hist << "\n";

  const double total_tokens = static_cast<double>(total_docs * doc_len);
  if (std::abs(term_counts.sum().item<double>() - total_tokens) > 1e-6)
    return 1;
  if (std::abs(cdf[-1].item<double>() - 1.0) > 1e-5)
    return 1;
  if (std::abs(bucket_hist.sum().item<double>() - attention_mass.sum().item<double>()) > 1e-3)
    return 1;
  if (tfidf.scalar_type() != torch::kDouble || cdf.scalar_type() != torch::kDouble)
    return 1;
  return 0;
}
