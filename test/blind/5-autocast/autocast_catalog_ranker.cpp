// scenario: a ranker encodes queries under CPU autocast through an AnyModule encoder and widens the bfloat16 embeddings before scoring them against its float32 catalog
// tier: 5
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>
#include <memory>

struct AutocastGuard {
  AutocastGuard() : prev(at::autocast::is_cpu_enabled()) {
    at::autocast::set_cpu_enabled(true);
    at::autocast::increment_nesting();
  }
  ~AutocastGuard() {
    if (at::autocast::decrement_nesting() == 0)
      at::autocast::clear_cache();
    at::autocast::set_cpu_enabled(prev);
  }
  bool prev;
};

struct QueryEncoderImpl : torch::nn::Module {
  QueryEncoderImpl(int64_t vocab, int64_t dim)
      : embedding(register_module("embedding", torch::nn::EmbeddingBag(vocab, dim))),
        proj(register_module("proj", torch::nn::Linear(dim, dim))) {}
  torch::Tensor forward(torch::Tensor token_ids) {
    return proj(embedding(token_ids));
  }
  torch::nn::EmbeddingBag embedding;
  torch::nn::Linear proj;
};
TORCH_MODULE(QueryEncoder);

class CatalogRanker {
 public:
  CatalogRanker(int64_t vocab, int64_t dim, int64_t items)
      : encoder_(QueryEncoder(vocab, dim)),
        catalog_(torch::nn::functional::normalize(torch::randn({items, dim}),
                 torch::nn::functional::NormalizeFuncOptions().dim(1))) {}

  torch::Tensor top_items(const torch::Tensor& token_ids, int64_t k) {
    torch::NoGradGuard no_grad;
    torch::Tensor queries;
    {
      AutocastGuard autocast;
      queries = encoder_.forward(token_ids);
    }
    queries = torch::nn::functional::normalize(queries.to(torch::kFloat32),
        torch::nn::functional::NormalizeFuncOptions().dim(1));
    torch::Tensor scores = torch::mm(queries, catalog_.t());
    return std::get<1>(scores.topk(k, 1));
  }

 private:
  torch::nn::AnyModule encoder_;
  torch::Tensor catalog_;
};

int main() {
  torch::manual_seed(13);
  auto ranker = std::make_unique<CatalogRanker>(1000, 32, 200);
  torch::Tensor token_ids = torch::randint(0, 1000, {3, 7});
  torch::Tensor best = ranker->top_items(token_ids, 5);
  std::cout << "recommended " << best[0] << "\n";
  return 0;
}
