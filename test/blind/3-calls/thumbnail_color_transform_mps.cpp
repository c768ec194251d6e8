// scenario: a thumbnail service uploads a colour-correction matrix, fitted in double, to the Apple GPU before resizing a batch
// tier: 3
// family: mps-float64
// expect: bug
// verified: source
// source: aten/src/ATen/mps/EmptyTensor.cpp (PyTorch v1.13.1), at::detail::empty_mps: TORCH_CHECK_TYPE(dtype != ScalarType::Double, MPS_ERROR_DOUBLE_NOT_SUPPORTED) -- "Cannot convert a MPS Tensor to float64 dtype as the MPS framework doesn't support float64", reached from Tensor::to(kMPS) through _to_copy's empty allocation on the MPS device
// raises: Cannot convert a MPS Tensor to float64 dtype
#include <torch/torch.h>
#include <array>
#include <iostream>
#include <vector>

namespace {

struct ColorProfile {
  std::string name;
  std::array<double, 9> rgb_to_display; // row-major 3x3, from the ICC fitter
};

torch::Device renderDevice() {
  return at::hasMPS() ? torch::Device(torch::kMPS) : torch::Device(torch::kCPU);
}

torch::Tensor profileMatrix(const ColorProfile &p) {
  return torch::from_blob(const_cast<double *>(p.rgb_to_display.data()), {3, 3}, torch::kFloat64).clone();
}

torch::Tensor uploadProfile(const ColorProfile &p, const torch::Device &device) {
  torch::Tensor m = profileMatrix(p);
  return m.to(device); // BUG
}

torch::Tensor renderThumbnails(const torch::Tensor &images, const torch::Tensor &color, int64_t side) {
  auto x = images.to(color.device()).permute({0, 2, 3, 1}).to(color.scalar_type());
  x = torch::matmul(x, color.t()).permute({0, 3, 1, 2}).clamp(0, 1);
  namespace F = torch::nn::functional;
  return F::interpolate(x.to(torch::kFloat32), F::InterpolateFuncOptions()
                                                   .size(std::vector<int64_t>{side, side})
                                                   .mode(torch::kBilinear)
                                                   .align_corners(false));
}

} // namespace

int main() {
  ColorProfile p3{"display-p3", {0.8225, 0.1774, 0.0, 0.0332, 0.9669, 0.0, 0.0171, 0.0724, 0.9108}};
  torch::Device device = renderDevice();
  torch::Tensor color = uploadProfile(p3, device);
  auto thumbs = renderThumbnails(torch::rand({4, 3, 256, 256}), color, 64);
  std::cout << p3.name << " thumbnails " << thumbs.sizes() << " on " << thumbs.device() << "\n";
  return 0;
}
