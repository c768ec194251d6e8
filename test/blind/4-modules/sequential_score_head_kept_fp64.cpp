// scenario: image-patch classifier built as a Sequential of its own blocks; the score head is converted to float64 "for stable logits" before being pushed, the body stays float32
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: mat1 and mat2 must have the same dtype
#include <torch/torch.h>
#include <iostream>

struct ResidualMlpBlockImpl : torch::nn::Module {
  explicit ResidualMlpBlockImpl(int64_t dim) {
    norm_ = register_module("norm", torch::nn::LayerNorm(torch::nn::LayerNormOptions({dim})));
    fc_ = register_module("fc", torch::nn::Linear(dim, dim));
  }
  torch::Tensor forward(torch::Tensor x) { return x + torch::gelu(fc_(norm_(x))); }
  torch::nn::LayerNorm norm_{nullptr};
  torch::nn::Linear fc_{nullptr};
};
TORCH_MODULE(ResidualMlpBlock);

struct ScoreHeadImpl : torch::nn::Module {
  ScoreHeadImpl(int64_t dim, int64_t classes, double temperature)
      : temperature_(temperature) {
    proj_ = register_module("proj", torch::nn::Linear(dim, classes));
  }
  torch::Tensor forward(torch::Tensor x) {
    auto logits = proj_(x) / temperature_; // BUG
    return torch::log_softmax(logits, /*dim=*/1);
  }
  double temperature_;
  torch::nn::Linear proj_{nullptr};
};
TORCH_MODULE(ScoreHead);

torch::nn::Sequential build_classifier(int64_t patch_dim, int64_t width, int64_t classes) {
  torch::nn::Sequential net;
  net->push_back("embed", torch::nn::Linear(patch_dim, width));
  for (int i = 0; i < 2; ++i)
    net->push_back("block" + std::to_string(i), ResidualMlpBlock(width));
  ScoreHead head(width, classes, /*temperature=*/0.5);
  head->to(torch::kDouble);  // low temperature: keep the logits in float64
  net->push_back("head", head);
  return net;
}

int main() {
  torch::manual_seed(10);
  auto net = build_classifier(/*patch_dim=*/48, /*width=*/32, /*classes=*/5);
  net->eval();
  torch::NoGradGuard no_grad;
  auto patches = torch::randn({6, 48});
  auto log_probs = net->forward(patches);
  std::cout << "predictions " << log_probs.argmax(1) << "\n";
  return 0;
}
