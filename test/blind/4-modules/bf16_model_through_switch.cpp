// scenario: bag-of-words intent classifier converted to a low precision chosen through an enum switch (bf16 by default) for CPU serving
// tier: 4
// family: half-on-cpu
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <memory>
#include <string>

enum class Precision { FP32, BF16, FP16 };

Precision parsePrecision(const std::string &s) {
  if (s == "fp16")
    return Precision::FP16;
  if (s == "fp32")
    return Precision::FP32;
  return Precision::BF16;
}

torch::Dtype toDtype(Precision p) {
  switch (p) {
  case Precision::FP16:
    return torch::kFloat16;
  case Precision::BF16:
    return torch::kBFloat16;
  case Precision::FP32:
  default:
    return torch::kFloat32;
  }
}

struct IntentClassifierImpl : torch::nn::Module {
  IntentClassifierImpl(int64_t vocab, int64_t dim, int64_t numIntents)
      : embed(register_module("embed", torch::nn::Embedding(vocab, dim))),
        norm(register_module("norm", torch::nn::LayerNorm(torch::nn::LayerNormOptions({dim})))),
        head(register_module("head", torch::nn::Linear(dim, numIntents))) {}

  torch::Tensor forward(const torch::Tensor &tokenIds) {
    auto pooled = embed->forward(tokenIds).mean(1);
    return head->forward(torch::gelu(norm->forward(pooled)));
  }

  torch::nn::Embedding embed;
  torch::nn::LayerNorm norm;
  torch::nn::Linear head;
};
TORCH_MODULE(IntentClassifier);

int main(int argc, char **argv) {
  const Precision precision = parsePrecision(argc > 1 ? argv[1] : "bf16");
  torch::manual_seed(47);

  IntentClassifier model(500, 32, 4);
  model->eval();
  model->to(toDtype(precision));

  auto tokenIds = torch::randint(0, 500, {6, 12});
  auto expected = torch::tensor({0, 1, 2, 3, 1, 0});

  torch::NoGradGuard noGrad;
  auto logits = model->forward(tokenIds).to(torch::kFloat32);
  auto loss = torch::nn::functional::cross_entropy(logits, expected);
  auto accuracy = logits.argmax(1).eq(expected).to(torch::kFloat32).mean();
  std::cout << "serving dtype " << toDtype(precision) << ", loss " << loss.item<float>()
            << ", accuracy " << accuracy.item<float>() << "\n";
  return 0;
}
