// scenario: semantic search encodes queries under CPU bf16 autocast, ends the region, and scores them against a float32 document index with torch::mm in plain float32 code
// tier: 5
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type BFloat16 but found Float
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>
#include <string>
#include <vector>

class QueryEncoder : public torch::nn::Module {
 public:
  QueryEncoder(int64_t vocab, int64_t dim)
      : emb_(register_module("emb", torch::nn::EmbeddingBag(torch::nn::EmbeddingBagOptions(vocab, dim).mode(torch::kMean)))),
        proj_(register_module("proj", torch::nn::Linear(dim, dim))) {}

  torch::Tensor forward(const torch::Tensor& ids, const torch::Tensor& offsets) {
    auto pooled = emb_(ids, offsets);
    return torch::nn::functional::normalize(proj_(pooled), torch::nn::functional::NormalizeFuncOptions().dim(1));
  }

 private:
  torch::nn::EmbeddingBag emb_;
  torch::nn::Linear proj_;
};

struct DocumentIndex {
  torch::Tensor vectors;  // [docs, dim], float32
  std::vector<std::string> titles;
};

int main() {
  torch::manual_seed(21);
  const int64_t dim = 24;
  QueryEncoder encoder(100, dim);
  encoder.eval();

  DocumentIndex index{torch::nn::functional::normalize(torch::randn({6, dim}),
                                                       torch::nn::functional::NormalizeFuncOptions().dim(1)),
                      {"intro", "setup", "api", "faq", "changelog", "license"}};

  auto ids = torch::tensor({3, 17, 42, 8, 8, 61, 5}, torch::kLong);
  auto offsets = torch::tensor({0, 3}, torch::kLong);

  torch::NoGradGuard no_grad;
  at::autocast::set_cpu_enabled(true);
  auto q = encoder.forward(ids, offsets);
  at::autocast::set_cpu_enabled(false);
  at::autocast::clear_cache();

  auto sims = torch::mm(q, index.vectors.t()); // BUG
  auto best = sims.argmax(1);
  for (int64_t i = 0; i < best.size(0); ++i)
    std::cout << "query " << i << " -> " << index.titles[best[i].item<int64_t>()] << "\n";
  return 0;
}
