// scenario: a classification head with LayerNorm receives bfloat16 features exported by a frozen backbone
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type BFloat16 but found Float
#include <torch/torch.h>

#include <iostream>
#include <vector>

namespace {

struct HeadImpl : torch::nn::Module {
  HeadImpl(int64_t in, int64_t classes)
      : norm(register_module("norm", torch::nn::LayerNorm(torch::nn::LayerNormOptions({in})))),
        fc(register_module("fc", torch::nn::Linear(in, classes))) {}

  torch::Tensor forward(torch::Tensor x) {
    x = norm(x); // BUG
    return fc(x.to(torch::kFloat));
  }

  torch::nn::LayerNorm norm;
  torch::nn::Linear fc;
};
TORCH_MODULE(Head);

// The backbone ran elsewhere; its pooled features were saved in bfloat16.
torch::Tensor loadPooledFeatures(int64_t n, int64_t dim) {
  return torch::randn({n, dim}).to(torch::kBFloat16);
}

} // namespace

int main() {
  torch::manual_seed(12);
  const int64_t dim = 48, classes = 10;
  Head head(dim, classes);
  head->eval();

  torch::Tensor feats = loadPooledFeatures(8, dim);
  torch::Tensor logits = head(feats);
  torch::Tensor pred = logits.argmax(-1);
  std::cout << "predictions: " << pred << "\n";
  return 0;
}
