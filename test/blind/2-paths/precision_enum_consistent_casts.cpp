// scenario: model loader switches over a precision enum and, on every branch, casts the model and then the request batch to the dtype of the model's first parameter; the bf16 branch runs on the CPU
// tier: 2
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

enum class Precision { kFP32, kBF16, kFP64 };

struct ModelCard {
  const char* name;
  Precision precision;
};

int main() {
  torch::manual_seed(4);
  ModelCard card{"ranker-v3", Precision::kBF16};
  torch::nn::Sequential mlp(torch::nn::Linear(12, 24), torch::nn::GELU(), torch::nn::Linear(24, 6));
  mlp->eval();

  switch (card.precision) {
    case Precision::kFP32:
      break;
    case Precision::kBF16:
      mlp->to(torch::kBFloat16);
      break;
    case Precision::kFP64:
      mlp->to(torch::kFloat64);
      break;
  }

  const auto model_dtype = mlp->parameters().front().scalar_type();
  torch::NoGradGuard no_grad;
  auto requests = torch::randn({5, 12}, torch::kFloat64);   // upstream sends doubles
  auto logits = mlp->forward(requests.to(model_dtype));
  auto ranking = logits.to(torch::kFloat).argsort(1, /*descending=*/true);
  std::cout << card.name << " (" << model_dtype << ") top item per request: "
            << ranking.select(1, 0) << "\n";
  return 0;
}
