// scenario: PCA-whitening front end wrapped in nn::Functional inside a Sequential; the lambda captures the whitening matrix by value, so converting the pipeline to float64 leaves it float32
// tier: 4
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Double but found Float
#include <torch/torch.h>
#include <iostream>

struct Whitening {
  torch::Tensor mean;
  torch::Tensor matrix;  // [in_dim, k]
};

Whitening fit_whitening(const torch::Tensor& calib, int64_t k) {
  auto mean = calib.mean(0, /*keepdim=*/true);
  auto centered = calib - mean;
  auto svd = torch::svd(centered);
  auto s = std::get<1>(svd).narrow(0, 0, k);
  auto v = std::get<2>(svd).narrow(1, 0, k);
  double scale = std::sqrt(static_cast<double>(calib.size(0) - 1));
  return {mean, v * (scale / s)};
}

torch::nn::Sequential build_pipeline(const Whitening& w, int64_t classes) {
  auto mean = w.mean;
  auto matrix = w.matrix;
  return torch::nn::Sequential(
      torch::nn::Functional([mean, matrix](torch::Tensor x) {
        return torch::mm(x - mean, matrix); // BUG
      }),
      torch::nn::Linear(matrix.size(1), classes));
}

int main() {
  torch::manual_seed(17);
  auto calib = torch::randn({64, 8}) * torch::linspace(0.1, 5.0, 8);
  auto whitening = fit_whitening(calib, /*k=*/4);
  auto pipeline = build_pipeline(whitening, /*classes=*/3);

  // The downstream solver expects float64 features.
  pipeline->to(torch::kDouble);
  torch::NoGradGuard no_grad;
  auto batch = torch::randn({5, 8}).to(torch::kDouble);
  auto scores = pipeline->forward(batch);
  std::cout << "scores " << scores.sizes() << "\n";
  return 0;
}
