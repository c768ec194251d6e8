// scenario: whitens float32 sensor features with float64 statistics, then projects them with a float32 PCA basis
// tier: 1
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

int main() {
  torch::manual_seed(7);

  const int64_t num_samples = 256;
  const int64_t num_features = 12;
  const int64_t num_components = 4;

  // Raw readings come off the device as float32; a few channels have a large
  // offset, so the statistics are accumulated in float64.
  auto readings = torch::randn({num_samples, num_features});
  readings.select(1, 3).add_(1.0e4);
  readings.select(1, 7).mul_(250.0);

  auto readings64 = readings.to(torch::kDouble);
  auto mean = readings64.mean(0, /*keepdim=*/true);
  auto stddev = readings64.std(0, /*unbiased=*/true, /*keepdim=*/true).clamp_min(1e-12);

  auto centered = readings - mean;
  auto whitened = centered / stddev;

  auto cov = torch::mm(whitened.t(), whitened) / static_cast<double>(num_samples - 1);
  auto eig = torch::linalg::eigh(cov, "L");
  auto eigvecs = std::get<1>(eig);
  auto basis = eigvecs.slice(1, num_features - num_components, num_features)
                   .flip({1})
                   .to(torch::kFloat)
                   .contiguous();

  auto whitened32 = whitened.to(readings.scalar_type());
  auto projected = torch::mm(whitened32, basis);

  // Zero out outliers on the first component.
  auto first = projected.select(1, 0);
  auto inlier = first.abs() < 3.0;
  auto clipped = torch::where(inlier.unsqueeze(1), projected, 0.0);

  auto reconstructed = torch::mm(clipped, basis.t());
  auto residual = (whitened32 - reconstructed).pow(2).mean();

  auto explained = std::get<0>(eig).slice(0, num_features - num_components, num_features).sum() /
                   std::get<0>(eig).sum();

  std::cout << "projected " << projected.sizes() << " " << projected.dtype() << "\n";
  std::cout << "inliers " << inlier.sum().item<int64_t>() << "/" << num_samples << "\n";
  std::cout << "explained variance " << explained.item<double>() << "\n";
  std::cout << "reconstruction mse " << residual.item<float>() << "\n";

  if (!residual.isfinite().item<bool>())
    return 1;
  return 0;
}
