// scenario: a small text encoder caches its sinusoidal position table in float64 and adds it to the token embeddings
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Double but found Float
#include <torch/torch.h>
#include <cmath>
#include <iostream>
#include <vector>

struct TextEncoderImpl : torch::nn::Module {
  TextEncoderImpl(int64_t vocab, int64_t dim, int64_t max_len)
      : tok_(register_module("tok", torch::nn::Embedding(vocab, dim))),
        proj_(register_module("proj", torch::nn::Linear(dim, dim))),
        norm_(register_module("norm", torch::nn::LayerNorm(torch::nn::LayerNormOptions({dim})))) {
    pos_table_ = build_table(max_len, dim);
  }

  static torch::Tensor build_table(int64_t max_len, int64_t dim) {
    // computed once in double so long sequences keep their precision
    auto pos = torch::arange(max_len, torch::kFloat64).unsqueeze(1);
    auto i = torch::arange(0, dim, 2, torch::kFloat64);
    auto div = torch::exp(i * (-std::log(10000.0) / dim));
    auto table = torch::zeros({max_len, dim}, torch::kFloat64);
    table.index_put_({torch::indexing::Slice(), torch::indexing::Slice(0, torch::indexing::None, 2)}, torch::sin(pos * div));
    table.index_put_({torch::indexing::Slice(), torch::indexing::Slice(1, torch::indexing::None, 2)}, torch::cos(pos * div));
    return table;
  }

  torch::Tensor forward(const torch::Tensor &ids) {
    const int64_t len = ids.size(1);
    auto x = tok_(ids) * std::sqrt(static_cast<double>(tok_->options.embedding_dim()));
    x = x + pos_table_.slice(0, 0, len).unsqueeze(0);
    auto h = proj_(x); // BUG
    return norm_(torch::gelu(h));
  }

  torch::nn::Embedding tok_;
  torch::nn::Linear proj_;
  torch::nn::LayerNorm norm_;
  torch::Tensor pos_table_;
};
TORCH_MODULE(TextEncoder);

int main() {
  torch::manual_seed(5);
  TextEncoder encoder(1000, 32, 128);
  encoder->eval();
  std::vector<int64_t> ids = {101, 7592, 2088, 102, 0, 0};
  for (auto &id : ids)
    id %= 1000;
  auto batch = torch::tensor(ids).view({1, -1});
  torch::NoGradGuard no_grad;
  auto hidden = encoder->forward(batch);
  std::cout << "hidden " << hidden.sizes() << "\n";
  return 0;
}
