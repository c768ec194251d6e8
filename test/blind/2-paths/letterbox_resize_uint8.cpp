// scenario: resizes camera frames to the detector's input size, but only the frames that are not already that size
// tier: 2
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: "upsample_bilinear2d_channels_last" not implemented for 'Byte'
#include <torch/torch.h>
#include <cstdint>
#include <iostream>
#include <vector>

namespace F = torch::nn::functional;

namespace {

struct Frame {
  std::vector<uint8_t> pixels; // HWC, RGB, as the decoder hands it over
  int64_t height;
  int64_t width;
};

Frame synthetic_frame(int64_t h, int64_t w, uint8_t base) {
  Frame f{std::vector<uint8_t>(static_cast<size_t>(h * w * 3)), h, w};
  for (size_t i = 0; i < f.pixels.size(); ++i)
    f.pixels[i] = static_cast<uint8_t>((base + i * 7) % 251);
  return f;
}

} // namespace

int main() {
  const int64_t target = 64;
  const auto mean = torch::tensor({0.485f, 0.456f, 0.406f}).view({3, 1, 1});
  const auto stdv = torch::tensor({0.229f, 0.224f, 0.225f}).view({3, 1, 1});
  std::vector<Frame> frames = {synthetic_frame(64, 64, 3), synthetic_frame(96, 128, 11)};

  std::vector<torch::Tensor> batch;
  for (auto &frame : frames) {
    auto img = torch::from_blob(frame.pixels.data(), {frame.height, frame.width, 3}, torch::kUInt8)
                   .permute({2, 0, 1})
                   .unsqueeze(0);
    if (frame.height != target || frame.width != target) {
      auto opts = F::InterpolateFuncOptions()
                      .size(std::vector<int64_t>{target, target})
                      .mode(torch::kBilinear)
                      .align_corners(false);
      img = F::interpolate(img, opts); // BUG
    }
    img = img.to(torch::kFloat).div(255.0);
    batch.push_back(((img.squeeze(0) - mean) / stdv).contiguous());
  }

  auto input = torch::stack(batch);
  std::cout << "detector batch " << input.sizes() << " " << input.dtype() << "\n";
  return 0;
}
