// scenario: a point-cloud tool on Apple silicon builds its coordinates in float64 and moves them to the MPS device
// tier: 1
// family: mps-float64
// expect: bug
// verified: source
// source: aten/src/ATen/mps/EmptyTensor.cpp (1.13.1): TORCH_CHECK_TYPE(dtype != ScalarType::Double, MPS_ERROR_DOUBLE_NOT_SUPPORTED) in at::detail::empty_strided_mps (and empty_mps), reached when _to_copy allocates the kDouble destination of points.to(kMPS)
// raises: Cannot convert a MPS Tensor to float64 dtype as the MPS framework doesn't support float64
#include <torch/torch.h>
#include <iostream>

int main() {
  const torch::Device mps(torch::kMPS);
  auto points = torch::rand({2048, 3}, torch::kDouble) * 10.0; // metres, double for GPS-scale offsets
  std::cout << "moving " << points.size(0) << " points to " << mps << "\n";
  auto on_gpu = points.to(mps); // BUG
  auto centroid = on_gpu.mean(0);
  auto radius = (on_gpu - centroid).norm(2, 1).max();
  std::cout << "radius " << radius.item<float>() << "\n";
  return 0;
}
