// scenario: weighted histogram with bucketize(out_int32) bins fed to index_add_, which accepts int32 indices
// tier: 1
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

int main() {
  torch::manual_seed(31);
  const int64_t n = 64;

  torch::Tensor values = torch::randn({n});
  torch::Tensor weights = torch::rand({n});
  torch::Tensor edges = torch::linspace(-2.0, 2.0, 9);

  // int32 bin ids keep the histogram state small on the edge device.
  torch::Tensor bins = torch::bucketize(values, edges, /*out_int32=*/true);
  const int64_t nbins = edges.size(0) + 1;

  // index_add_ takes Int or Long indices.
  torch::Tensor hist = torch::zeros({nbins});
  hist.index_add_(0, bins, weights);

  // Counts by bincount need Long; convert explicitly.
  torch::Tensor counts = torch::bincount(bins.to(torch::kLong), {}, nbins);

  // index_select with the int32 bins gives each sample its bin mass.
  torch::Tensor mass_per_sample = hist.index_select(0, bins);
  torch::Tensor mean_w = hist / counts.clamp_min(1);

  // Normalised density and its CDF for the drift report.
  torch::Tensor density = hist / hist.sum();
  torch::Tensor cdf = density.cumsum(0);
  torch::Tensor median_bin = (cdf >= 0.5).to(torch::kInt).argmax();

  std::cout << "hist " << hist << "\ncounts " << counts << "\n";
  std::cout << "mean weight per bin " << mean_w << "\n";
  std::cout << "first masses " << mass_per_sample.slice(0, 0, 4) << "\n";
  std::cout << "median bin " << median_bin.item<int64_t>() << "\n";
  return 0;
}
