// scenario: retrieval head caches per-field projection matrices in an unordered_map keyed by field name; one was imported from a float64 NumPy dump with from_blob
// tier: 4
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Double but found Float
#include <torch/torch.h>
#include <iostream>
#include <string>
#include <unordered_map>
#include <vector>

class RetrievalHead : public torch::nn::Module {
 public:
  explicit RetrievalHead(int64_t dim) : dim_(dim) {
    encoder_ = register_module("encoder", torch::nn::Linear(dim, dim));
  }

  void add_projection(const std::string& field, torch::Tensor proj) {
    projections_[field] = std::move(proj);
  }

  // imported from an offline whitening job that wrote np.float64 arrays
  void import_projection(const std::string& field, std::vector<double> raw) {
    auto proj = torch::from_blob(raw.data(), {dim_, dim_}, torch::kFloat64).clone();
    projections_[field] = proj;
  }

  torch::Tensor forward(const torch::Tensor& queries, const std::string& field) {
    auto q = torch::nn::functional::normalize(
        encoder_(queries), torch::nn::functional::NormalizeFuncOptions().dim(1));
    const auto& proj = projections_.at(field);
    return torch::einsum("bd,dk->bk", {q, proj}); // BUG
  }

 private:
  int64_t dim_;
  torch::nn::Linear encoder_{nullptr};
  std::unordered_map<std::string, torch::Tensor> projections_;
};

int main() {
  torch::manual_seed(8);
  const int64_t dim = 16;
  RetrievalHead head(dim);
  head.add_projection("body", torch::eye(dim));

  std::vector<double> whitening(dim * dim, 0.0);
  for (int64_t i = 0; i < dim; ++i) whitening[i * dim + i] = 1.0 / (1.0 + 0.1 * i);
  head.import_projection("title", whitening);

  auto queries = torch::randn({5, dim});
  torch::NoGradGuard no_grad;
  auto body_scores = head.forward(queries, "body");
  auto title_scores = head.forward(queries, "title");
  std::cout << "body " << body_scores.sizes() << " title " << title_scores.sizes() << "\n";
  return 0;
}
