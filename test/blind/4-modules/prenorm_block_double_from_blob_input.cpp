// scenario: pre-norm residual block (LayerNorm + Linear) receives features wrapped from a std::vector<double> with from_blob(kFloat64)
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Double but found Float
#include <torch/torch.h>
#include <iostream>
#include <vector>

class PreNormBlockImpl : public torch::nn::Module {
 public:
  explicit PreNormBlockImpl(int64_t dim)
      : norm_(register_module("norm", torch::nn::LayerNorm(torch::nn::LayerNormOptions({dim})))),
        proj_(register_module("proj", torch::nn::Linear(dim, dim))) {}

  torch::Tensor forward(const torch::Tensor& x) {
    torch::Tensor h = norm_->forward(x); // BUG
    return x + proj_->forward(torch::gelu(h));
  }

 private:
  torch::nn::LayerNorm norm_;
  torch::nn::Linear proj_;
};
TORCH_MODULE(PreNormBlock);

class FeatureServer {
 public:
  explicit FeatureServer(int64_t dim) : dim_(dim) {}
  // Features come from a double-precision analytics store.
  torch::Tensor fetch(std::vector<double>& storage, int64_t rows) const {
    return torch::from_blob(storage.data(), {rows, dim_}, torch::kFloat64);
  }

 private:
  int64_t dim_;
};

int main() {
  const int64_t dim = 4, rows = 3;
  std::vector<double> store(rows * dim);
  for (size_t i = 0; i < store.size(); ++i) store[i] = 0.1 * static_cast<double>(i);

  FeatureServer server(dim);
  PreNormBlock block(dim);
  block->eval();
  torch::NoGradGuard ng;
  torch::Tensor feats = server.fetch(store, rows);
  torch::Tensor out = block->forward(feats);
  std::cout << "block output\n" << out << "\n";
  return 0;
}
