// scenario: streaming ridge regression whose running Gram matrix is blended in float64 each step
// tier: 2
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

namespace {

torch::Tensor make_batch(int64_t rows, int64_t dim, const torch::Tensor &true_w) {
  auto x = torch::randn({rows, dim});
  auto y = torch::mm(x, true_w) + 0.01 * torch::randn({rows, 1});
  return torch::cat({x, y}, 1);
}

} // namespace

int main() {
  torch::manual_seed(3);
  const int64_t dim = 8;
  const int64_t batch_rows = 32;
  const int num_steps = 20;
  const double decay = 0.9;
  const double ridge = 1e-3;

  auto true_w = torch::randn({dim, 1});
  auto gram = torch::eye(dim);
  auto xty = torch::zeros({dim, 1});
  auto weights = torch::zeros({dim, 1});
  auto eye = torch::eye(dim);

  for (int step = 0; step < num_steps; ++step) {
    auto batch = make_batch(batch_rows, dim, true_w);
    auto x = batch.slice(1, 0, dim);
    auto y = batch.slice(1, dim, dim + 1);

    // Score the incoming batch with the current estimate before updating it.
    auto residual = y - torch::mm(x, weights);
    auto mse = residual.pow(2).mean().item<float>();

    // The blend runs in float64 to keep the decayed sums from drifting.
    gram = gram.to(torch::kDouble);
    xty = xty.to(torch::kDouble);
    auto batch_gram = torch::mm(x.t(), x).to(torch::kDouble) / batch_rows;
    auto batch_xty = torch::mm(x.t(), y).to(torch::kDouble) / batch_rows;
    gram = decay * gram + (1.0 - decay) * batch_gram;
    xty = decay * xty + (1.0 - decay) * batch_xty;

    auto solved = torch::linalg::solve(gram + ridge * eye.to(torch::kDouble), xty, true);
    gram = gram.to(torch::kFloat);
    xty = xty.to(torch::kFloat);
    weights = solved.to(torch::kFloat);

    if (step % 5 == 0)
      std::cout << "step " << step << " mse " << mse << "\n";

    if (step == num_steps - 1) {
      // Export in float64 for the evaluation tool.
      weights = weights.to(torch::kDouble);
    }
  }

  auto eval_x = torch::randn({128, dim}, torch::kDouble);
  auto eval_y = torch::mm(eval_x, true_w.to(torch::kDouble));
  auto eval_pred = torch::mm(eval_x, weights);
  auto eval_mse = (eval_pred - eval_y).pow(2).mean().item<double>();
  auto weight_err = (weights.to(torch::kFloat) - true_w).abs().max().item<float>();

  std::cout << "eval mse " << eval_mse << " max weight error " << weight_err << "\n";
  return eval_mse < 1.0 ? 0 : 1;
}
