// scenario: an anchor generator caches its anchors in float64 and moves them to the feature map's device on Apple silicon
// tier: 4
// family: mps-float64
// expect: bug
// verified: source
// source: PyTorch v1.13.1 aten/src/ATen/mps/EmptyTensor.cpp empty_mps: TORCH_CHECK_TYPE(dtype != ScalarType::Double, MPS_ERROR_DOUBLE_NOT_SUPPORTED) raises "Cannot convert a MPS Tensor to float64 dtype as the MPS framework doesn't support float64. Please use float32 instead." when the float64 anchors are copied to the mps device
// raises: Cannot convert a MPS Tensor to float64 dtype
#include <torch/torch.h>
#include <cmath>
#include <iostream>
#include <vector>

struct AnchorGeneratorImpl : torch::nn::Module {
  AnchorGeneratorImpl(std::vector<double> sizes, std::vector<double> ratios, int64_t stride)
      : stride_(stride) {
    std::vector<torch::Tensor> base;
    for (double s : sizes)
      for (double r : ratios) {
        const double w = s * std::sqrt(r), h = s / std::sqrt(r);
        base.push_back(torch::tensor({-w / 2, -h / 2, w / 2, h / 2}, torch::kFloat64));
      }
    cell_anchors_ = torch::stack(base); // [A, 4], kept in double
  }

  torch::Tensor forward(const torch::Tensor &feature_map) {
    const int64_t fh = feature_map.size(2), fw = feature_map.size(3);
    auto opts = torch::TensorOptions().dtype(torch::kFloat32).device(feature_map.device());
    auto sy = torch::arange(fh, opts) * static_cast<double>(stride_);
    auto sx = torch::arange(fw, opts) * static_cast<double>(stride_);
    auto grid = torch::meshgrid({sy, sx}, "ij");
    auto shifts = torch::stack({grid[1], grid[0], grid[1], grid[0]}, -1).reshape({-1, 1, 4});
    auto cells = cell_anchors_.to(feature_map.device()); // BUG
    return (shifts + cells.unsqueeze(0)).reshape({-1, 4}).to(torch::kFloat32);
  }

  int64_t stride_;
  torch::Tensor cell_anchors_;
};
TORCH_MODULE(AnchorGenerator);

int main() {
  const torch::Device device = at::hasMPS() ? torch::Device(torch::kMPS) : torch::Device(torch::kCPU);
  AnchorGenerator anchors(std::vector<double>{32.0, 64.0}, std::vector<double>{0.5, 1.0, 2.0}, 16);
  auto feature_map = torch::randn({1, 256, 8, 8}, torch::TensorOptions().device(device));
  auto all_anchors = anchors->forward(feature_map);
  std::cout << "anchors " << all_anchors.sizes() << " on " << all_anchors.device() << "\n";
  return 0;
}
