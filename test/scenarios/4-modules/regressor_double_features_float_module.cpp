// scenario: tabular regressor module stays float32 while the data helper builds float64 feature rows
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: mat1 and mat2 must have the same dtype
#include <torch/torch.h>
#include <iostream>
#include <vector>

struct RegressorImpl : torch::nn::Module {
  explicit RegressorImpl(int64_t in) {
    hidden = register_module("hidden", torch::nn::Linear(in, 8));
    out = register_module("out", torch::nn::Linear(8, 1));
  }
  torch::Tensor forward(const torch::Tensor &x) {
    return out(torch::tanh(hidden(x))).squeeze(1); // BUG
  }
  torch::nn::Linear hidden{nullptr}, out{nullptr};
};
TORCH_MODULE(Regressor);

// Rows parsed from a CSV-like source; the parser keeps doubles.
torch::Tensor make_rows(const std::vector<std::vector<double>> &rows) {
  auto t = torch::empty({static_cast<int64_t>(rows.size()), 3}, torch::kDouble);
  for (size_t i = 0; i < rows.size(); ++i)
    for (size_t j = 0; j < 3; ++j)
      t[i][j] = rows[i][j];
  return t;
}

int main() {
  torch::manual_seed(0);
  Regressor model(3);
  auto x = make_rows({{1.0, 0.5, 2.0}, {0.3, 0.1, 0.0}, {2.2, 1.5, 0.7}});
  auto pred = model->forward(x);
  std::cout << pred << "\n";
  return 0;
}
