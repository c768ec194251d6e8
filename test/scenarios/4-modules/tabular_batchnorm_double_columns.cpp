// scenario: a tabular model with BatchNorm1d receives float64 columns built by the feature-engineering helper
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: mixed dtype (CPU): expect input to have scalar type of BFloat16
#include <torch/torch.h>
#include <iostream>

struct TabularNetImpl : torch::nn::Module {
  explicit TabularNetImpl(int64_t cols) {
    bn = register_module("bn", torch::nn::BatchNorm1d(cols));
    fc = register_module("fc", torch::nn::Linear(cols, 1));
  }
  torch::Tensor forward(const torch::Tensor &x) {
    auto h = bn(x); // BUG
    return torch::sigmoid(fc(h)).squeeze(1);
  }
  torch::nn::BatchNorm1d bn{nullptr};
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(TabularNet);

// log1p of counts and a ratio column, computed in double by the feature-engineering code.
torch::Tensor engineer_features(const torch::Tensor &counts, const torch::Tensor &totals) {
  auto logc = torch::log1p(counts.to(torch::kDouble));
  auto ratio = counts.to(torch::kDouble) / totals.to(torch::kDouble).clamp_min(1);
  return torch::cat({logc, ratio}, 1);
}

int main() {
  torch::manual_seed(0);
  TabularNet net(4);
  auto counts = torch::randint(0, 100, {8, 2});
  auto totals = torch::randint(100, 200, {8, 2});
  auto probs = net->forward(engineer_features(counts, totals));
  std::cout << probs << "\n";
  return 0;
}
