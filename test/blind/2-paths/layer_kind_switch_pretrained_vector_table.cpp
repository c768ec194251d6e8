// scenario: a model builder switches over layer kinds; the pretrained case builds its table with torch::tensor from a std::vector<double>, which LibTorch makes a default-dtype (float32) tensor, so every path stays float32
// tier: 2
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <string>
#include <vector>

enum class Kind { kLookup, kPretrained, kProjection, kNorm };

struct Spec {
  Kind kind;
  int64_t a = 0, b = 0;
};

std::vector<double> load_glove_rows(int64_t vocab, int64_t dim) {
  std::vector<double> rows(vocab * dim);
  for (int64_t i = 0; i < vocab * dim; ++i) rows[i] = 0.02 * ((i * 31) % 17 - 8);
  return rows;
}

class TextEncoderImpl : public torch::nn::Module {
 public:
  explicit TextEncoderImpl(const std::vector<Spec>& specs) {
    int idx = 0;
    for (const auto& s : specs) {
      std::string name = "layer" + std::to_string(idx++);
      switch (s.kind) {
        case Kind::kLookup:
          layers_.push_back(torch::nn::AnyModule(register_module(name, torch::nn::Embedding(s.a, s.b))));
          break;
        case Kind::kPretrained: {
          auto table = torch::tensor(load_glove_rows(s.a, s.b)).view({s.a, s.b});
          auto emb = torch::nn::Embedding::from_pretrained(table, torch::nn::EmbeddingFromPretrainedOptions().freeze(true));
          layers_.push_back(torch::nn::AnyModule(register_module(name, emb)));
          break;
        }
        case Kind::kProjection:
          layers_.push_back(torch::nn::AnyModule(register_module(name, torch::nn::Linear(s.a, s.b))));
          break;
        case Kind::kNorm:
          layers_.push_back(torch::nn::AnyModule(register_module(
              name, torch::nn::LayerNorm(torch::nn::LayerNormOptions({s.a})))));
          break;
      }
    }
  }

  torch::Tensor forward(torch::Tensor tokens) {
    torch::Tensor x = tokens;
    for (auto& layer : layers_) x = layer.forward(x);
    return x.mean(1);
  }

 private:
  std::vector<torch::nn::AnyModule> layers_;
};
TORCH_MODULE(TextEncoder);

int main() {
  torch::manual_seed(191);
  std::vector<Spec> specs{{Kind::kPretrained, 40, 12}, {Kind::kNorm, 12}, {Kind::kProjection, 12, 6}};
  TextEncoder encoder(specs);
  torch::NoGradGuard no_grad;
  auto tokens = torch::randint(0, 40, {2, 7}, torch::kLong);
  auto sentence = encoder->forward(tokens);
  std::cout << "sentence embeddings " << sentence.sizes() << " " << sentence.dtype() << "\n";
  return 0;
}
