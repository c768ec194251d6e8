// scenario: a passage reranker's compressed subclass overrides the score hook to keep scores in its static float16 storage dtype, and the base forward then softmaxes them on the CPU
// tier: 4
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: "softmax_lastdim_kernel_impl" not implemented for 'Half'
#include <torch/torch.h>

#include <iostream>
#include <memory>
#include <vector>

namespace rerank {

// Scores candidate passages against a query embedding.
class RerankerImpl : public torch::nn::Module {
 public:
  RerankerImpl(int64_t dim, double temperature)
      : query_proj_(torch::nn::LinearOptions(dim, dim).bias(false)), temperature_(temperature) {
    register_module("query_proj", query_proj_);
  }
  virtual ~RerankerImpl() = default;

  // Returns a distribution over the candidates of each query.
  torch::Tensor forward(const torch::Tensor& query, const torch::Tensor& passages) {
    auto q = query_proj_->forward(query);                         // [B, D]
    auto raw = torch::bmm(passages, q.unsqueeze(-1)).squeeze(-1);  // [B, N]
    auto scores = adjust_scores(raw);
    return torch::softmax(scores / temperature_, -1);  // BUG
  }

 protected:
  // Subclasses can rescale or bias the raw scores.
  virtual torch::Tensor adjust_scores(const torch::Tensor& raw) { return raw; }

 private:
  torch::nn::Linear query_proj_;
  double temperature_;
};

// Variant deployed on the edge tier, where the score cache is stored in float16.
class CompressedReranker : public RerankerImpl {
 public:
  static const torch::Dtype kStorageDtype;
  static constexpr double kScoreClip = 30.0;

  CompressedReranker(int64_t dim, double temperature) : RerankerImpl(dim, temperature) {}

  const std::vector<torch::Tensor>& cache() const { return cache_; }

 protected:
  torch::Tensor adjust_scores(const torch::Tensor& raw) override {
    auto compact = raw.to(kStorageDtype);
    auto limit = compact.abs().max().item<double>();
    if (limit > kScoreClip) compact = compact * (kScoreClip / limit);
    cache_.push_back(compact);
    return compact;
  }

 private:
  std::vector<torch::Tensor> cache_;
};

const torch::Dtype CompressedReranker::kStorageDtype = torch::kHalf;

std::shared_ptr<RerankerImpl> make_reranker(bool edge, int64_t dim) {
  if (edge) return std::make_shared<CompressedReranker>(dim, 0.7);
  return std::make_shared<RerankerImpl>(dim, 0.7);
}

}  // namespace rerank

int main() {
  torch::manual_seed(21);
  const int64_t dim = 48, batch = 3, candidates = 10;
  const bool edge_deployment = true;

  auto reranker = rerank::make_reranker(edge_deployment, dim);
  reranker->eval();

  torch::NoGradGuard no_grad;
  auto queries = torch::nn::functional::normalize(
      torch::randn({batch, dim}), torch::nn::functional::NormalizeFuncOptions().dim(-1));
  auto passages = torch::nn::functional::normalize(
      torch::randn({batch, candidates, dim}), torch::nn::functional::NormalizeFuncOptions().dim(-1));

  auto dist = reranker->forward(queries, passages);
  auto best = dist.argmax(-1);
  for (int64_t b = 0; b < batch; ++b)
    std::cout << "query " << b << " -> passage " << best[b].item<int64_t>() << "\n";
  return 0;
}
