// scenario: audits a float16 weight matrix loaded from a checkpoint on the CPU: row norms, outliers, sorted magnitudes
// tier: 1
// family: half-on-cpu
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <cstdint>
#include <iostream>
#include <vector>

int main() {
  torch::manual_seed(3);
  const int64_t rows = 32, cols = 24;

  // The checkpoint stores its weights in float16; keep them that way to
  // audit exactly what will be served.
  torch::Tensor weight = (torch::randn({rows, cols}) * 0.05).to(torch::kHalf);
  weight[5][7] = 1.5; // a planted outlier
  weight[17][2] = -2.0;

  // Per-row statistics computed directly on the half tensor.
  torch::Tensor row_absmax = weight.abs().amax(1);
  torch::Tensor row_norm = weight.norm(2, 1);
  torch::Tensor row_var = weight.var(1);
  torch::Tensor global_mean = weight.mean();

  // Flag outliers: anything larger than 8x the median row maximum.
  torch::Tensor sorted_max = std::get<0>(torch::sort(row_absmax));
  torch::Tensor median_max = sorted_max[rows / 2];
  torch::Tensor outlier_mask = weight.abs() > median_max * 8;
  int64_t n_outliers = outlier_mask.sum().item<int64_t>();

  // Clip the outliers in place of the stored values, still in half.
  torch::Tensor clipped = weight.masked_fill(outlier_mask, 0.0);
  torch::Tensor largest_rows = std::get<1>(torch::sort(row_norm, 0, true)).narrow(0, 0, 4);
  torch::Tensor top_rows = clipped.index_select(0, largest_rows);

  // Gaps between consecutive sorted magnitudes show quantization steps.
  torch::Tensor mags = std::get<0>(torch::sort(clipped.abs().flatten()));
  torch::Tensor gaps = torch::diff(mags);
  torch::Tensor nonzero_gaps = gaps.masked_select(gaps > 0);

  torch::Tensor mag_area = torch::trapz(mags);
  torch::Tensor shifted = torch::roll(clipped, 1, 0);
  torch::Tensor drift = (clipped - shifted).abs().max();

  std::cout << "outliers: " << n_outliers << "\n";
  std::cout << "mean: " << global_mean.to(torch::kFloat).item<float>() << "\n";
  std::cout << "row var max: " << row_var.max().to(torch::kFloat).item<float>() << "\n";
  std::cout << "top rows shape: " << top_rows.sizes() << "\n";
  std::cout << "smallest step: "
            << (nonzero_gaps.numel() ? nonzero_gaps.min().to(torch::kFloat).item<float>() : 0.0f)
            << "\n";
  std::cout << "magnitude area: " << mag_area.to(torch::kFloat).item<float>() << "\n";
  std::cout << "row drift: " << drift.to(torch::kFloat).item<float>() << "\n";
  return 0;
}
