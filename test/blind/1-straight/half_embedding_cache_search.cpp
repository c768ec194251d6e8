// scenario: keeps a passage-embedding cache in float16 to halve its memory and scores queries against it with a matrix product on the CPU
// tier: 1
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: "addmm_impl_cpu_" not implemented for 'Half'
#include <torch/torch.h>
#include <iostream>

namespace F = torch::nn::functional;

int main() {
  torch::manual_seed(15);
  const int64_t num_passages = 1024, dim = 64, num_queries = 8, top_k = 5;

  torch::nn::Linear encoder(dim, dim);
  torch::NoGradGuard no_grad;

  auto topic = torch::randint(0, 16, {num_passages});
  auto topic_centers = torch::randn({16, dim}) * 2.0;
  auto passages = topic_centers.index_select(0, topic) + torch::randn({num_passages, dim});
  auto passage_lengths = torch::randint(20, 400, {num_passages});
  auto long_passages = (passage_lengths > 300).sum();
  std::cout << "passages over 300 tokens: " << long_passages.item<int64_t>() << "\n";
  auto passage_emb = F::normalize(encoder(passages), F::NormalizeFuncOptions().dim(1));
  auto cache = passage_emb.to(torch::kHalf).contiguous();
  std::cout << "cache bytes: " << cache.numel() * cache.element_size() << "\n";

  auto queries = passages.narrow(0, 100, num_queries) + 0.05 * torch::randn({num_queries, dim});
  auto query_emb = F::normalize(encoder(queries), F::NormalizeFuncOptions().dim(1)).to(torch::kHalf);

  auto scores = torch::mm(query_emb, cache.t()); // BUG
  auto best = scores.topk(top_k, 1);
  auto hits = std::get<1>(best);
  auto recall = hits.eq(torch::arange(100, 100 + num_queries).unsqueeze(1)).any(1).sum();

  auto same_topic = topic.index_select(0, hits.flatten()).view_as(hits).eq(topic.narrow(0, 100, num_queries).unsqueeze(1));
  auto topic_precision = same_topic.sum() / same_topic.numel();

  std::cout << "top hits:\n" << hits << "\nrecall@" << top_k << ": " << recall.item<int64_t>() << "\n";
  std::cout << "topic precision: " << topic_precision.item<double>() << "\n";
  return 0;
}
