// scenario: a photometric augmentation pass applies a list of ops in place to a uint8 image batch; the contrast op scales by a fractional factor
// tier: 2
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: result type Float can't be cast to the desired output type Byte
#include <torch/torch.h>
#include <iostream>
#include <vector>

namespace {

enum class PhotometricOp { Brightness, Invert, Contrast, Posterize };

struct OpSetting {
  PhotometricOp op;
  double magnitude;
};

const char *opName(PhotometricOp op) {
  switch (op) {
  case PhotometricOp::Brightness: return "brightness";
  case PhotometricOp::Invert: return "invert";
  case PhotometricOp::Contrast: return "contrast";
  case PhotometricOp::Posterize: return "posterize";
  }
  return "?";
}

} // namespace

int main() {
  torch::manual_seed(4);
  // HWC frames straight from the JPEG decoder, permuted to NCHW, still uint8.
  auto images = torch::randint(0, 256, {4, 3, 24, 24}, torch::kByte);

  std::vector<OpSetting> policy = {{PhotometricOp::Brightness, 12},
                                   {PhotometricOp::Invert, 0},
                                   {PhotometricOp::Contrast, 1.25},
                                   {PhotometricOp::Posterize, 4}};

  for (const auto &setting : policy) {
    switch (setting.op) {
    case PhotometricOp::Brightness: {
      // integer offset, saturate by clamping through a wider type
      auto shifted = images.to(torch::kShort).add_(static_cast<int64_t>(setting.magnitude));
      images.copy_(shifted.clamp_(0, 255));
      break;
    }
    case PhotometricOp::Invert:
      images = 255 - images;
      break;
    case PhotometricOp::Contrast: {
      auto mean = images.to(torch::kFloat).mean({1, 2, 3}, /*keepdim=*/true);
      images.sub_(mean.round().to(torch::kByte));
      images.mul_(setting.magnitude); // BUG
      break;
    }
    case PhotometricOp::Posterize: {
      const int64_t shift = 8 - static_cast<int64_t>(setting.magnitude);
      images.bitwise_right_shift_(shift).bitwise_left_shift_(shift);
      break;
    }
    }
    std::cout << opName(setting.op) << " -> mean "
              << images.to(torch::kFloat).mean().item<float>() << std::endl;
  }
  return 0;
}
