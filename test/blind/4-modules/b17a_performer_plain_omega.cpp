// scenario: a Performer-style attention keeps its random-feature matrix as a plain tensor member; the factory-built model is moved to float64 and to() leaves that matrix float32
// tier: 4
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Double but found Float
#include <torch/torch.h>

#include <cmath>
#include <iostream>
#include <memory>
#include <string>

struct TokenMixer : torch::nn::Module {
  virtual torch::Tensor forward(const torch::Tensor &x) = 0;
};

// FAVOR+ attention: softmax kernel approximated with positive random features.
struct FavorAttention : TokenMixer {
  FavorAttention(int64_t dim, int64_t num_features) : dim_(dim) {
    qkv = register_module("qkv", torch::nn::Linear(dim, 3 * dim));
    out = register_module("out", torch::nn::Linear(dim, dim));
    omega_ = torch::randn({dim, num_features}); // redrawn by resample(), not trained
  }

  torch::Tensor feature_map(const torch::Tensor &x) {
    auto proj = torch::matmul(x, omega_); // BUG
    auto sq = x.pow(2).sum(-1, /*keepdim=*/true) / 2.0;
    return torch::exp(proj - sq) / std::sqrt(static_cast<double>(omega_.size(1)));
  }

  torch::Tensor forward(const torch::Tensor &x) override {
    auto parts = qkv(x).chunk(3, -1);
    auto scale = std::pow(static_cast<double>(dim_), -0.25);
    auto q = feature_map(parts[0] * scale), k = feature_map(parts[1] * scale);
    auto kv = torch::matmul(k.transpose(-2, -1), parts[2]);
    auto norm = torch::matmul(q, k.sum(-2).unsqueeze(-1));
    return out(torch::matmul(q, kv) / norm);
  }

  void resample() { omega_ = torch::randn_like(omega_); }

  int64_t dim_;
  torch::nn::Linear qkv{nullptr}, out{nullptr};
  torch::Tensor omega_;
};

struct MlpMixer : TokenMixer {
  explicit MlpMixer(int64_t dim) { fc = register_module("fc", torch::nn::Linear(dim, dim)); }
  torch::Tensor forward(const torch::Tensor &x) override { return torch::relu(fc(x)); }
  torch::nn::Linear fc{nullptr};
};

std::shared_ptr<TokenMixer> make_mixer(const std::string &kind, int64_t dim) {
  if (kind == "favor")
    return std::make_shared<FavorAttention>(dim, 16);
  return std::make_shared<MlpMixer>(dim);
}

struct EncoderLayer : torch::nn::Module {
  EncoderLayer(const std::string &kind, int64_t dim) {
    mixer = register_module("mixer", make_mixer(kind, dim));
    norm = register_module("norm", torch::nn::LayerNorm(torch::nn::LayerNormOptions({dim})));
  }
  torch::Tensor forward(const torch::Tensor &x) { return x + mixer->forward(norm(x)); }
  std::shared_ptr<TokenMixer> mixer;
  torch::nn::LayerNorm norm{nullptr};
};

int main() {
  torch::manual_seed(0);
  auto layer = std::make_shared<EncoderLayer>("favor", 8);

  // Reference run in double precision to measure the kernel approximation error.
  layer->to(torch::kFloat64);
  auto tokens = torch::randn({2, 5, 8}, torch::kFloat64);
  auto y = layer->forward(tokens);
  std::cout << "output " << y.sizes() << " mean " << y.mean().item<double>() << "\n";
  return 0;
}
