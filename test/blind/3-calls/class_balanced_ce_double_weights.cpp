// scenario: class-balanced loss derives per-class weights in float64 ("effective number of samples") and passes them to cross_entropy
// tier: 3
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Float but found Double
#include <torch/torch.h>
#include <cmath>
#include <iostream>
#include <vector>

namespace F = torch::nn::functional;

// Cui et al.: w_c = (1 - beta) / (1 - beta^n_c), normalised to sum to C.
torch::Tensor effective_number_weights(const std::vector<int64_t>& counts, double beta) {
  std::vector<double> w;
  for (int64_t n : counts) w.push_back((1.0 - beta) / (1.0 - std::pow(beta, double(n))));
  torch::Tensor t = torch::tensor(w, torch::kDouble);
  return t * (double(counts.size()) / t.sum());
}

torch::Tensor balanced_loss(const torch::Tensor& logits, const torch::Tensor& y,
                            const torch::Tensor& class_w) {
  auto opts = F::CrossEntropyFuncOptions().weight(class_w).label_smoothing(0.05);
  return F::cross_entropy(logits, y, opts); // BUG
}

int main() {
  torch::manual_seed(67);
  std::vector<int64_t> class_counts = {900, 80, 20};
  torch::Tensor w = effective_number_weights(class_counts, 0.999);

  torch::nn::Linear head(8, 3);
  torch::optim::SGD opt(head->parameters(), 0.1);
  torch::Tensor x = torch::randn({12, 8});
  torch::Tensor y = torch::randint(0, 3, {12});

  opt.zero_grad();
  torch::Tensor loss = balanced_loss(head->forward(x), y, w);
  loss.backward();
  opt.step();
  std::cout << "weights " << w << " loss " << loss.item<float>() << "\n";
  return 0;
}
