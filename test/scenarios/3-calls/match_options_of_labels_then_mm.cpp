// scenario: a helper aligns a tensor to another's options, but the caller passes the int64 labels as the reference
// tier: 3
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Long but found Float
#include <torch/torch.h>
#include <iostream>

// Returns `src` with the dtype and device of `like`.
torch::Tensor align_to(const torch::Tensor &src, const torch::Tensor &like) {
  return src.to(like.options());
}

torch::Tensor class_logits(const torch::Tensor &features, const torch::Tensor &prototypes) {
  return torch::mm(features, prototypes.t()); // BUG
}

int main() {
  torch::manual_seed(0);
  auto features = torch::randn({16, 8}, torch::kDouble);
  auto labels = torch::randint(0, 4, {16});
  auto prototypes = torch::randn({4, 8});
  // Meant align_to(features, prototypes); the labels were the closest tensor in scope.
  auto feats = align_to(features, labels);
  auto logits = class_logits(feats, prototypes);
  auto acc = (logits.argmax(1) == labels).to(torch::kFloat).mean();
  std::cout << acc.item<float>() << "\n";
  return 0;
}
