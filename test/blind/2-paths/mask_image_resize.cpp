// scenario: a detection loader resizes every field of a sample to the training resolution, nearest for label masks and bilinear for the uint8 image
// tier: 2
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: "compute_indices_weights_linear" not implemented for 'Byte'
#include <torch/torch.h>
#include <iostream>
#include <string>
#include <vector>

namespace F = torch::nn::functional;

namespace {

struct Field {
  std::string name;
  torch::Tensor data; // [C, H, W]
  bool isLabel;
};

} // namespace

int main() {
  torch::manual_seed(17);
  const std::vector<int64_t> trainSize = {48, 64};

  std::vector<Field> sample = {
      {"semantic_mask", torch::randint(0, 21, {1, 30, 40}, torch::kByte), true},
      {"instance_mask", torch::randint(0, 8, {1, 30, 40}, torch::kByte), true},
      {"image", torch::randint(0, 256, {3, 30, 40}, torch::kByte), false},
  };

  for (auto &field : sample) {
    auto opts = F::InterpolateFuncOptions().size(trainSize);
    if (field.isLabel) {
      // Labels must not be blended: nearest keeps the class ids intact.
      opts.mode(torch::kNearest);
    } else {
      opts.mode(torch::kBilinear).align_corners(false);
    }
    auto batched = field.data.unsqueeze(0);
    auto resized = F::interpolate(batched, opts); // BUG
    field.data = resized.squeeze(0);
    std::cout << field.name << " -> " << field.data.sizes() << " " << field.data.dtype()
              << std::endl;
  }

  auto image = sample.back().data.to(torch::kFloat).div_(255.0);
  std::cout << "image mean " << image.mean().item<float>() << std::endl;
  return 0;
}
