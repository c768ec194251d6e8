// scenario: streams feature batches into a covariance accumulated in float64, then whitens a held-out batch
// tier: 2
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Float but found Double
#include <torch/torch.h>
#include <iostream>
#include <tuple>
#include <vector>

int main() {
  torch::manual_seed(3);
  const int64_t dim = 8;
  const int64_t batchSize = 64;
  const int numBatches = 5;

  auto mixing = torch::randn({dim, dim});
  std::vector<torch::Tensor> stream;
  for (int b = 0; b < numBatches; ++b)
    stream.push_back(torch::mm(torch::randn({batchSize, dim}), mixing) + 2.0);

  auto featureSum = torch::zeros({dim});
  auto secondMoment = torch::zeros({dim, dim}, torch::kFloat64);
  int64_t seen = 0;
  for (const auto &batch : stream) {
    if (batch.size(0) == 0)
      continue;
    featureSum += batch.sum(0);
    secondMoment += torch::mm(batch.t(), batch);
    seen += batch.size(0);
  }

  auto mean = featureSum / static_cast<double>(seen);
  auto covariance = secondMoment / static_cast<double>(seen) - torch::outer(mean, mean);

  torch::Tensor eigenvalues, eigenvectors;
  std::tie(eigenvalues, eigenvectors) = torch::linalg_eigh(covariance);
  auto whitening = eigenvectors / eigenvalues.clamp_min(1e-6).sqrt();

  auto heldOut = torch::mm(torch::randn({16, dim}), mixing) + 2.0;
  auto centered = heldOut - mean;
  auto white = torch::mm(centered, whitening); // BUG

  auto residual = (torch::mm(white.t(), white) / white.size(0) - torch::eye(dim)).abs().max();
  std::cout << "whitening residual " << residual.item<double>() << "\n";
  return 0;
}
