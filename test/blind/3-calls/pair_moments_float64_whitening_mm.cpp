// scenario: a feature whitening step gets (mean, std) as a std::pair from a helper that accumulates moments in float64; the standardized batch is promoted to float64 and projected with a float32 PCA basis
// tier: 3
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Double but found Float
#include <torch/torch.h>
#include <iostream>
#include <tuple>
#include <utility>

// Two-pass moments in float64 so long columns do not lose precision.
std::pair<torch::Tensor, torch::Tensor> column_moments(const torch::Tensor& data) {
  torch::Tensor wide = data.to(torch::kFloat64);
  torch::Tensor mean = wide.mean(0);
  torch::Tensor std = (wide - mean).pow(2).mean(0).sqrt().clamp_min(1e-8);
  return {mean, std};
}

torch::Tensor pca_basis(const torch::Tensor& data, int64_t components) {
  torch::Tensor centered = data - data.mean(0);
  torch::Tensor cov = torch::mm(centered.t(), centered) / static_cast<double>(data.size(0) - 1);
  torch::Tensor eigenvectors = std::get<1>(torch::linalg_eigh(cov));
  return eigenvectors.narrow(1, cov.size(0) - components, components); // float32
}

class Whitener {
 public:
  Whitener(const torch::Tensor& train, int64_t components) : basis_(pca_basis(train, components)) {
    std::tie(mean_, std_) = column_moments(train);
  }

  torch::Tensor transform(const torch::Tensor& batch) const {
    torch::Tensor z = (batch - mean_) / std_;
    return torch::mm(z, basis_); // BUG
  }

 private:
  torch::Tensor basis_;
  torch::Tensor mean_, std_;
};

int main() {
  torch::manual_seed(43);
  torch::Tensor train = torch::randn({64, 6}) * torch::linspace(0.5, 3.0, 6);
  Whitener whitener(train, /*components=*/3);

  torch::Tensor batch = torch::randn({5, 6});
  torch::Tensor projected = whitener.transform(batch);
  std::cout << "projected " << projected.sizes() << "\n";
  return 0;
}
