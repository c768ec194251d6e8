// scenario: a helper takes the image batch by reference and converts uint8 pixels to float32 in place of the caller's tensor before the conv
// tier: 3
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

namespace F = torch::nn::functional;

void prepare_images_(torch::Tensor &images) {
  if (images.scalar_type() != torch::kFloat)
    images = images.to(torch::kFloat);
  images = images.div_(255.0).sub_(0.5).div_(0.5);
}

torch::Tensor edge_response(const torch::Tensor &images, const torch::Tensor &kernel) {
  return F::conv2d(images, kernel, F::Conv2dFuncOptions().padding(1));
}

int main() {
  torch::manual_seed(0);
  auto images = torch::randint(0, 256, {2, 1, 8, 8}, torch::kByte);
  auto sobel = torch::tensor({-1.f, 0.f, 1.f, -2.f, 0.f, 2.f, -1.f, 0.f, 1.f}).view({1, 1, 3, 3});
  prepare_images_(images);
  auto edges = edge_response(images, sobel);
  std::cout << edges.abs().mean() << "\n";
  return 0;
}
