// scenario: preprocessing helper returns the raw float64 readings untouched while its normaliser is not fitted yet and a float32 tensor otherwise; the caller projects the result with a float32 matrix
// tier: 3
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Double but found Float
#include <torch/torch.h>
#include <iostream>
#include <vector>

class RunningNormalizer {
 public:
  void fit(const torch::Tensor& sample) {
    mean_ = sample.mean(0);
    std_ = sample.std(0) + 1e-6;
    fitted_ = true;
  }
  bool fitted() const { return fitted_; }
  // float64 in; float32 out once fitted.
  torch::Tensor transform(const torch::Tensor& raw) const {
    if (!fitted_) return raw;
    return ((raw - mean_) / std_).to(torch::kFloat32);
  }

 private:
  torch::Tensor mean_, std_;
  bool fitted_ = false;
};

torch::Tensor read_window(int64_t rows) {
  std::vector<double> values;
  for (int64_t i = 0; i < rows * 3; ++i) values.push_back(0.5 * static_cast<double>(i % 7) + 10.0);
  return torch::tensor(values, torch::kFloat64).view({rows, 3});
}

torch::Tensor embed(const torch::Tensor& x, const torch::Tensor& projection) {
  return torch::matmul(x, projection); // BUG
}

int main() {
  torch::manual_seed(3);
  RunningNormalizer norm;
  auto projection = torch::randn({3, 8});  // float32, learned offline

  // The first window arrives before any calibration data has been seen.
  auto window = read_window(4);
  auto features = norm.transform(window);
  auto z = embed(features, projection);
  norm.fit(window);
  std::cout << "embedding " << z.sizes() << "\n";
  return 0;
}
