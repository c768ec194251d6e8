// scenario: a camera frame in an interleaved uint8 buffer is wrapped with from_blob(kUInt8), converted to float32 CHW in [0, 1] and fed to a convolution
// tier: 1
// family: from-blob-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <cstdint>
#include <iostream>
#include <vector>

int main() {
  const int64_t h = 24, w = 32;
  std::vector<uint8_t> frame(h * w * 3);
  for (size_t i = 0; i < frame.size(); ++i) frame[i] = static_cast<uint8_t>((i * 37) % 256);
  auto hwc = torch::from_blob(frame.data(), {h, w, 3}, torch::kUInt8);
  auto chw = hwc.permute({2, 0, 1}).to(torch::kFloat).div(255.0).unsqueeze(0);
  torch::nn::Conv2d edge(torch::nn::Conv2dOptions(3, 4, 3).padding(1));
  auto response = edge(chw);
  std::cout << "response " << response.sizes() << " max " << response.max().item<float>() << "\n";
  return 0;
}
