// scenario: single-shot detector head decodes box offsets against an anchor grid it keeps as a plain member; model->to(kCUDA) moves the conv weights but not the anchors
// tier: 4
// family: device-mismatch
// expect: bug
// verified: source
// source: PyTorch v1.13.1 aten/src/ATen/TensorIterator.cpp, TensorIteratorBase::compute_types: an operand that is not a CPU scalar and whose device differs from the common device raises "Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu!" (add of a [1, A, 4] CPU tensor to a CUDA tensor)
// raises: Expected all tensors to be on the same device
#include <torch/torch.h>
#include <iostream>

struct BoxHeadImpl : torch::nn::Module {
  BoxHeadImpl(int64_t channels, int64_t grid, int64_t anchors_per_cell)
      : anchors_per_cell_(anchors_per_cell) {
    regress_ = register_module(
        "regress", torch::nn::Conv2d(torch::nn::Conv2dOptions(channels, 4 * anchors_per_cell, 3)
                                         .padding(1)));
    anchors_ = make_anchors(grid, anchors_per_cell).unsqueeze(0);  // [1, A, 4]
  }

  static torch::Tensor make_anchors(int64_t grid, int64_t per_cell) {
    auto centers = (torch::arange(grid, torch::kFloat) + 0.5) / grid;
    auto cy = centers.view({grid, 1, 1}).expand({grid, grid, per_cell});
    auto cx = centers.view({1, grid, 1}).expand({grid, grid, per_cell});
    auto size = torch::linspace(0.1, 0.4, per_cell).view({1, 1, per_cell}).expand({grid, grid, per_cell});
    return torch::stack({cx, cy, size, size}, /*dim=*/-1).reshape({-1, 4});
  }

  // features: [B, C, G, G] -> boxes [B, A, 4] in (cx, cy, w, h)
  torch::Tensor forward(const torch::Tensor& features) {
    auto b = features.size(0);
    auto deltas = regress_(features).permute({0, 2, 3, 1}).reshape({b, -1, 4});
    return deltas * 0.1 + anchors_; // BUG
  }

  int64_t anchors_per_cell_;
  torch::nn::Conv2d regress_{nullptr};
  torch::Tensor anchors_;
};
TORCH_MODULE(BoxHead);

int main() {
  torch::manual_seed(59);
  torch::Device device(torch::kCUDA);
  BoxHead head(/*channels=*/8, /*grid=*/4, /*anchors_per_cell=*/3);
  head->to(device);
  head->eval();

  torch::NoGradGuard no_grad;
  auto features = torch::randn({2, 8, 4, 4}, device);
  auto boxes = head->forward(features);
  std::cout << "boxes " << boxes.sizes() << "\n";
  return 0;
}
