// scenario: video preprocessing wraps decoded RGB frames (uint8 buffers) as tensors and resizes them bilinearly before normalizing
// tier: 3
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

// stands in for the codec: an interleaved HWC RGB frame
std::vector<uint8_t> decode_frame(int64_t h, int64_t w, int seed) {
  std::vector<uint8_t> buf(static_cast<size_t>(h * w * 3));
  for (size_t i = 0; i < buf.size(); ++i)
    buf[i] = static_cast<uint8_t>((i * 31 + seed * 7) % 256);
  return buf;
}

torch::Tensor as_nchw(std::vector<uint8_t> &buf, int64_t h, int64_t w) {
  auto hwc = torch::from_blob(buf.data(), {h, w, 3}, torch::kUInt8);
  return hwc.permute({2, 0, 1}).unsqueeze(0).clone();
}

torch::Tensor resize_short_side(const torch::Tensor &frame, int64_t side) {
  const auto h = frame.size(2), w = frame.size(3);
  const auto scale = static_cast<double>(side) / std::min(h, w);
  std::vector<int64_t> size{static_cast<int64_t>(h * scale), static_cast<int64_t>(w * scale)};
  auto opts = F::InterpolateFuncOptions().size(size).mode(torch::kBilinear).align_corners(false);
  return F::interpolate(frame, opts); // BUG
}

torch::Tensor normalize(const torch::Tensor &frame) {
  auto mean = torch::tensor({0.485, 0.456, 0.406}).view({1, 3, 1, 1});
  auto std = torch::tensor({0.229, 0.224, 0.225}).view({1, 3, 1, 1});
  return (frame.to(torch::kFloat) / 255.0 - mean) / std;
}

} // namespace

int main() {
  const int64_t h = 12, w = 16;
  std::vector<torch::Tensor> clip;
  for (int t = 0; t < 3; ++t) {
    auto buf = decode_frame(h, w, t);
    auto frame = as_nchw(buf, h, w);
    clip.push_back(normalize(resize_short_side(frame, 8)));
  }
  auto batch = torch::cat(clip, 0);
  std::cout << "clip " << batch.sizes() << "\n";
  return 0;
}
