// scenario: few-shot prototype classifier stores its support labels as a registered int64 buffer; after to(kDouble) the leave-one-out self-check feeds float64 labels to cross_entropy
// tier: 4
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Long but found Double
#include <torch/torch.h>
#include <iostream>

namespace F = torch::nn::functional;

struct PrototypeClassifierImpl : torch::nn::Module {
  PrototypeClassifierImpl(int64_t in_dim, int64_t embed_dim, int64_t num_classes)
      : num_classes_(num_classes) {
    encoder_ = register_module("encoder", torch::nn::Linear(in_dim, embed_dim));
    support_ = register_buffer("support", torch::zeros({0, embed_dim}));
    support_labels_ = register_buffer("support_labels", torch::zeros({0}, torch::kLong));
    prototypes_ = register_buffer("prototypes", torch::zeros({num_classes, embed_dim}));
  }

  void set_support(const torch::Tensor& x, const torch::Tensor& labels) {
    torch::NoGradGuard no_grad;
    support_.set_data(encoder_(x));
    support_labels_.set_data(labels.clone());
    auto one_hot = F::one_hot(labels, num_classes_).to(support_.dtype());
    prototypes_.set_data(one_hot.t().mm(support_) / one_hot.sum(0).unsqueeze(1).clamp_min(1));
  }

  torch::Tensor forward(const torch::Tensor& x) {
    return -torch::cdist(encoder_(x), prototypes_);
  }

  // Sanity check before deployment: the support set should classify itself.
  double support_loss() {
    auto logits = -torch::cdist(support_, prototypes_);
    return F::cross_entropy(logits, support_labels_).item<double>(); // BUG
  }

  int64_t num_classes_;
  torch::nn::Linear encoder_{nullptr};
  torch::Tensor support_;
  torch::Tensor support_labels_;
  torch::Tensor prototypes_;
};
TORCH_MODULE(PrototypeClassifier);

int main() {
  torch::manual_seed(21);
  PrototypeClassifier model(/*in_dim=*/6, /*embed_dim=*/4, /*num_classes=*/3);
  auto shots = torch::randn({9, 6});
  auto labels = torch::tensor({0, 0, 0, 1, 1, 1, 2, 2, 2}, torch::kLong);
  model->set_support(shots, labels);

  // Distances between close prototypes lose digits in float32.
  model->to(torch::kDouble);
  std::cout << "support loss " << model->support_loss() << "\n";
  return 0;
}
