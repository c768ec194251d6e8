// scenario: a re-ranker caches per-query document logits in an unordered_map, compressed to float16; a cache hit hands the stored half tensor straight to softmax on the CPU
// tier: 2
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: "softmax_lastdim_kernel_impl" not implemented for 'Half'
#include <torch/torch.h>
#include <iostream>
#include <string>
#include <unordered_map>

class Reranker {
 public:
  Reranker(torch::Tensor doc_embeddings, double temperature)
      : docs_(std::move(doc_embeddings)), temperature_(temperature) {}

  torch::Tensor rank(const std::string& query_key, const torch::Tensor& query) {
    torch::Tensor logits;
    auto hit = cache_.find(query_key);
    if (hit != cache_.end()) {
      logits = hit->second;
      ++hits_;
    } else {
      logits = torch::mm(query.unsqueeze(0), docs_.t()).squeeze(0);
      cache_.emplace(query_key, logits.to(torch::kHalf)); // 2 bytes per doc
    }
    torch::Tensor probs = torch::softmax(logits / temperature_, -1); // BUG
    return std::get<1>(probs.topk(3));
  }

  int64_t hits() const { return hits_; }

 private:
  torch::Tensor docs_;
  double temperature_;
  std::unordered_map<std::string, torch::Tensor> cache_;
  int64_t hits_ = 0;
};

int main() {
  torch::manual_seed(17);
  Reranker reranker(torch::randn({12, 8}), /*temperature=*/0.7);
  torch::Tensor q1 = torch::randn({8});
  torch::Tensor q2 = torch::randn({8});

  std::cout << "q1 top " << reranker.rank("q1", q1) << "\n";
  std::cout << "q2 top " << reranker.rank("q2", q2) << "\n";
  std::cout << "q1 again " << reranker.rank("q1", q1) << "\n"; // served from cache
  std::cout << "cache hits " << reranker.hits() << "\n";
  return 0;
}
