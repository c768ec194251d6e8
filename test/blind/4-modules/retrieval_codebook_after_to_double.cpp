// scenario: runs a retrieval head in float64 for a numerical check against the reference scores; its codebook is a plain tensor member that to() does not convert
// tier: 4
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Double but found Float
#include <torch/torch.h>
#include <cmath>
#include <iostream>

struct RetrievalHeadImpl : torch::nn::Module {
  RetrievalHeadImpl(int64_t in_dim, int64_t hidden, int64_t codes)
      : encoder(register_module("encoder", torch::nn::Linear(in_dim, hidden))),
        norm(register_module("norm", torch::nn::LayerNorm(torch::nn::LayerNormOptions({hidden})))) {
    codebook = torch::randn({hidden, codes}) / std::sqrt(static_cast<double>(hidden));
  }

  torch::Tensor forward(const torch::Tensor& x) {
    auto h = torch::relu(norm(encoder(x)));
    return h.mm(codebook); // BUG
  }

  torch::nn::Linear encoder;
  torch::nn::LayerNorm norm;
  torch::Tensor codebook;
};
TORCH_MODULE(RetrievalHead);

torch::Tensor referenceScores(const torch::Tensor& queries, int64_t codes) {
  return torch::zeros({queries.size(0), codes}, queries.options());
}

int main() {
  torch::manual_seed(1);
  const int64_t in_dim = 12, hidden = 24, codes = 8;

  RetrievalHead head(in_dim, hidden, codes);
  head->eval();
  head->to(torch::kFloat64);

  auto queries = torch::randn({16, in_dim}, torch::kFloat64);
  auto expected = referenceScores(queries, codes);

  torch::NoGradGuard no_grad;
  auto scores = head->forward(queries);
  auto max_err = (scores - expected).abs().max().item<double>();
  std::cout << "max deviation from reference: " << max_err << "\n";
  auto best = scores.argmax(1);
  std::cout << "best codes: " << best << "\n";
  return 0;
}
