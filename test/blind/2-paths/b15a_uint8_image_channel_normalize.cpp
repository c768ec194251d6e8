// scenario: image preprocessing normalizes decoded uint8 HWC frames channel by channel in place with ImageNet means and stds held in std::array
// tier: 2
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: result type Float can't be cast to the desired output type Byte
#include <torch/torch.h>
#include <array>
#include <iostream>
#include <vector>

constexpr std::array<double, 3> kMean{0.485, 0.456, 0.406};
constexpr std::array<double, 3> kStd{0.229, 0.224, 0.225};

// stand-in for a JPEG decoder: HWC uint8 like stb_image/OpenCV return
torch::Tensor decode_frame(int64_t h, int64_t w) {
  return torch::randint(0, 256, {h, w, 3}, torch::kByte);
}

int main() {
  torch::manual_seed(2);
  std::vector<torch::Tensor> frames;
  for (int i = 0; i < 4; ++i) frames.push_back(decode_frame(32, 48));

  torch::nn::Conv2d stem(torch::nn::Conv2dOptions(3, 8, 3).padding(1));
  std::vector<torch::Tensor> ready;
  for (auto& frame : frames) {
    auto chw = frame.permute({2, 0, 1}).contiguous();
    // raw decoder output is 0..255; already-normalized frames are 0..1
    const bool scale_to_unit = frame.scalar_type() == torch::kByte;
    for (size_t c = 0; c < kMean.size(); ++c) {
      auto plane = chw[c];
      if (scale_to_unit) {
        plane.sub_(kMean[c] * 255.0).div_(kStd[c] * 255.0); // BUG
      } else {
        plane.sub_(kMean[c]).div_(kStd[c]);
      }
    }
    ready.push_back(chw);
  }

  auto batch = torch::stack(ready).to(torch::kFloat);
  auto features = stem(batch);
  std::cout << "features " << features.sizes() << " mean " << features.mean().item<float>()
            << "\n";
  return 0;
}
