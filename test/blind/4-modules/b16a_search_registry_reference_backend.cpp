// scenario: a semantic-search service gets its embedders from a singleton registry of virtual backends; the offline indexer used the "reference" backend, which runs in float64 to match the numpy golden outputs, so the cached document matrix is Double while live queries come from the float32 "fast" backend
// tier: 4
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Float but found Double
#include <torch/torch.h>
#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <vector>

class EmbeddingBackend {
public:
  virtual ~EmbeddingBackend() = default;
  virtual torch::Tensor embed(const torch::Tensor &features) = 0;
};

torch::nn::Linear seededProjection(int64_t in, int64_t out) {
  torch::manual_seed(21); // every backend loads the same weights
  return torch::nn::Linear(in, out);
}

class LinearBackend : public EmbeddingBackend {
public:
  LinearBackend(int64_t in, int64_t out, torch::Dtype dtype)
      : proj_(seededProjection(in, out)), dtype_(dtype) {
    proj_->to(dtype_);
  }
  torch::Tensor embed(const torch::Tensor &features) override {
    torch::NoGradGuard noGrad;
    auto y = proj_->forward(features.to(dtype_));
    return y / y.norm(2, -1, true);
  }

private:
  torch::nn::Linear proj_;
  torch::Dtype dtype_;
};

class ModelRegistry {
public:
  static ModelRegistry &instance() {
    static ModelRegistry registry;
    return registry;
  }
  void add(const std::string &name, std::unique_ptr<EmbeddingBackend> backend) {
    backends_[name] = std::move(backend);
  }
  EmbeddingBackend &get(const std::string &name) { return *backends_.at(name); }

private:
  std::map<std::string, std::unique_ptr<EmbeddingBackend>> backends_;
};

class DocumentIndex {
public:
  void build(EmbeddingBackend &backend, const std::map<std::string, torch::Tensor> &docs) {
    std::vector<torch::Tensor> rows;
    for (const auto &[id, features] : docs) {
      ids_.push_back(id);
      rows.push_back(backend.embed(features));
    }
    matrix_ = torch::cat(rows);
  }

  std::string nearest(const torch::Tensor &query) const {
    auto sims = torch::matmul(query, matrix_.t()); // BUG
    return ids_[sims.argmax(-1).item<int64_t>()];
  }

private:
  std::vector<std::string> ids_;
  torch::Tensor matrix_;
};

int main() {
  auto &registry = ModelRegistry::instance();
  registry.add("fast", std::make_unique<LinearBackend>(32, 16, torch::kFloat));
  registry.add("reference", std::make_unique<LinearBackend>(32, 16, torch::kDouble));

  std::map<std::string, torch::Tensor> docs;
  for (int i = 0; i < 6; ++i)
    docs["doc-" + std::to_string(i)] = torch::randn({1, 32});

  DocumentIndex index;
  index.build(registry.get("reference"), docs); // offline job: golden precision

  auto query = registry.get("fast").embed(docs.at("doc-3") + 0.01 * torch::randn({1, 32}));
  std::cout << "nearest: " << index.nearest(query) << "\n";
  return 0;
}
