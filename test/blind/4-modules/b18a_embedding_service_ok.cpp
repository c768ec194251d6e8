// scenario: a product-search service owns its encoder pipeline through a unique_ptr, keeps the catalogue index in float16 for memory, and brings every operand to its static compute dtype before matching
// tier: 4
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>

#include <iostream>
#include <memory>
#include <string>
#include <vector>

namespace search {

struct EncoderPipeline {
  explicit EncoderPipeline(int64_t in_dim, int64_t out_dim)
      : layers(torch::nn::Linear(in_dim, 128),
               torch::nn::Functional(torch::gelu, "none"),
               torch::nn::AnyModule(torch::nn::Linear(128, out_dim)),
               torch::nn::Functional([](const torch::Tensor& x) {
                 return torch::nn::functional::normalize(
                     x, torch::nn::functional::NormalizeFuncOptions().dim(-1));
               })) {}
  torch::nn::Sequential layers;
};

class ProductSearchService {
 public:
  static const torch::Dtype kComputeDtype;
  static const torch::Dtype kIndexDtype;

  ProductSearchService(int64_t feature_dim, int64_t embed_dim)
      : encoder_(std::make_unique<EncoderPipeline>(feature_dim, embed_dim)),
        embed_dim_(embed_dim) {
    encoder_->layers->to(kComputeDtype);
    encoder_->layers->eval();
  }

  void index_catalogue(const torch::Tensor& product_features) {
    torch::NoGradGuard no_grad;
    auto emb = encode(product_features);
    index_ = emb.to(kIndexDtype);  // halves the resident size of the index
  }

  std::vector<int64_t> query(const torch::Tensor& query_features, int64_t k) {
    torch::NoGradGuard no_grad;
    auto q = encode(query_features);                               // [1, E] compute dtype
    auto catalogue = index_.to(q.scalar_type());                   // widen before the matmul
    auto scores = torch::mm(q, catalogue.t()).squeeze(0);
    auto top = std::get<1>(scores.topk(k));
    return std::vector<int64_t>(top.data_ptr<int64_t>(), top.data_ptr<int64_t>() + top.numel());
  }

  size_t index_bytes() const { return index_.numel() * index_.element_size(); }

 private:
  torch::Tensor encode(const torch::Tensor& features) {
    // Feature extractors upstream hand over float64 (pandas-style exports).
    return encoder_->layers->forward(features.to(kComputeDtype));
  }

  std::unique_ptr<EncoderPipeline> encoder_;
  torch::Tensor index_;
  int64_t embed_dim_;
};

const torch::Dtype ProductSearchService::kComputeDtype = torch::kFloat32;
const torch::Dtype ProductSearchService::kIndexDtype = torch::kHalf;

torch::Tensor load_features(int64_t rows, int64_t dim) {
  return torch::rand({rows, dim}, torch::kFloat64);
}

}  // namespace search

int main() {
  torch::manual_seed(13);
  const int64_t feature_dim = 20, embed_dim = 16;
  auto service = std::make_unique<search::ProductSearchService>(feature_dim, embed_dim);

  auto catalogue = search::load_features(500, feature_dim);
  service->index_catalogue(catalogue);
  std::cout << "index bytes: " << service->index_bytes() << "\n";

  auto query = catalogue.slice(0, 42, 43) + 0.01;
  auto hits = service->query(query, 5);
  for (auto id : hits) std::cout << "hit " << id << "\n";
  return 0;
}
