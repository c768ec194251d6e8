// scenario: a helper returns the source converted with to(other.options()), and the result is used with that reference later
// tier: 3
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

torch::Tensor align_to(const torch::Tensor &src, const torch::Tensor &like) {
  return src.to(like.options());
}

// Prototype network: distance between query embeddings and class prototypes.
torch::Tensor prototype_logits(const torch::Tensor &queries, const torch::Tensor &prototypes) {
  return -torch::cdist(queries, prototypes);
}

int main() {
  torch::manual_seed(0);
  auto support = torch::randn({12, 8}, torch::kDouble);
  auto support_labels = torch::arange(12) % 3;
  auto prototypes = torch::zeros({3, 8});
  for (int64_t c = 0; c < 3; ++c)
    prototypes[c] = support.index({support_labels == c}).mean(0).to(torch::kFloat);
  auto queries = align_to(torch::randn({5, 8}, torch::kDouble), prototypes);
  auto logits = prototype_logits(queries, prototypes);
  std::cout << logits.argmax(1) << "\n";
  return 0;
}
