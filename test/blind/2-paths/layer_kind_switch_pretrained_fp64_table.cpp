// scenario: a model builder switches over layer kinds; the pretrained-embedding case wraps a float64 buffer from the vector file with from_blob, so Embedding::from_pretrained yields float64 rows into a float32 Linear
// tier: 2
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: mat1 and mat2 must have the same dtype
#include <torch/torch.h>
#include <iostream>
#include <vector>

enum class LayerKind { kEmbedding, kPretrainedEmbedding, kMeanPool, kLinear, kReLU };

struct LayerSpec {
  LayerKind kind;
  int64_t in = 0, out = 0;
};

struct MeanPoolImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x) { return x.mean(1); }
};
TORCH_MODULE(MeanPool);

// Stand-in for a word2vec reader: the file stores float64 rows.
std::vector<double>& pretrained_rows(int64_t vocab, int64_t dim) {
  static std::vector<double> rows;
  rows.resize(vocab * dim);
  for (int64_t i = 0; i < vocab * dim; ++i) rows[i] = 0.01 * ((i * 7919) % 101 - 50);
  return rows;
}

torch::nn::Sequential build(const std::vector<LayerSpec>& specs) {
  torch::nn::Sequential seq;
  for (const auto& s : specs) {
    switch (s.kind) {
      case LayerKind::kEmbedding:
        seq->push_back(torch::nn::Embedding(s.in, s.out));
        break;
      case LayerKind::kPretrainedEmbedding: {
        auto& rows = pretrained_rows(s.in, s.out);
        auto table = torch::from_blob(rows.data(), {s.in, s.out}, torch::kDouble).clone();
        seq->push_back(torch::nn::Embedding::from_pretrained(table));
        break;
      }
      case LayerKind::kMeanPool: seq->push_back(MeanPool()); break;
      case LayerKind::kLinear: seq->push_back(torch::nn::Linear(s.in, s.out)); break;
      case LayerKind::kReLU: seq->push_back(torch::nn::ReLU()); break;
    }
  }
  return seq;
}

int main() {
  torch::manual_seed(181);
  auto model = build({{LayerKind::kPretrainedEmbedding, 30, 8},
                      {LayerKind::kMeanPool},
                      {LayerKind::kLinear, 8, 16},
                      {LayerKind::kReLU},
                      {LayerKind::kLinear, 16, 2}});
  torch::NoGradGuard no_grad;
  auto tokens = torch::randint(0, 30, {3, 5}, torch::kLong);
  auto logits = model->forward(tokens); // BUG
  std::cout << "logits " << logits << "\n";
  return 0;
}
