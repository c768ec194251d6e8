// scenario: point-cloud features mixing int64 voxel coordinates, float centroids and a half feature cache
// tier: 1
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>

#include <iostream>

int main() {
  namespace F = torch::nn::functional;
  torch::manual_seed(3);
  const double voxel_size = 0.25;

  // Points quantized to voxel indices (int64), cluster centroids in metres.
  torch::Tensor points = torch::rand({8, 3}) * 4.0;
  torch::Tensor voxels = torch::floor(points / voxel_size).to(torch::kLong);
  torch::Tensor centroids = torch::rand({8, 3}) * 16.0;

  // Distances and directions between voxel coordinates and centroids: the
  // integer operand is promoted.
  torch::Tensor dist = F::pairwise_distance(voxels, centroids);
  torch::Tensor cosine = F::cosine_similarity(centroids, voxels,
                                              F::CosineSimilarityFuncOptions().dim(1));

  // Per-point descriptor: cached half features next to the voxel ids.
  torch::Tensor cached = torch::randn({8, 5}).to(torch::kHalf);
  torch::Tensor descriptor = torch::cat({cached, voxels}, 1);          // Half
  torch::Tensor paired = torch::stack({dist, cosine.to(torch::kHalf)}); // Float

  // Batched neighbour aggregation; the bias accumulator happens to be double.
  torch::Tensor bias = torch::zeros({1, 8, 8}, torch::kDouble);
  torch::Tensor feats = points.unsqueeze(0);
  torch::Tensor affinity = torch::baddbmm(bias, feats, feats.transpose(1, 2));

  // Integer-only bookkeeping: voxel adjacency counts through einsum.
  torch::Tensor occupancy = torch::einsum("ik,jk->ij", {voxels, voxels});
  torch::Tensor outer = torch::outer(dist, voxels.select(1, 0));

  std::cout << "descriptor " << descriptor.scalar_type() << " " << descriptor.sizes() << "\n";
  std::cout << "paired " << paired.scalar_type() << ", affinity " << affinity.scalar_type()
            << ", occupancy " << occupancy.scalar_type() << ", outer " << outer.scalar_type()
            << "\n";
  std::cout << "mean distance " << dist.mean().item<float>() << "\n";
  return 0;
}
