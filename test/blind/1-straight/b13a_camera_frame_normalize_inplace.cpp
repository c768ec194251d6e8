// scenario: normalizes a camera frame wrapped from its raw uint8 buffer in place, before converting it to float
// tier: 1
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: result type Float can't be cast to the desired output type Byte
#include <torch/torch.h>

#include <cstdint>
#include <iostream>
#include <vector>

int main() {
  torch::manual_seed(0);
  constexpr int64_t kHeight = 8;
  constexpr int64_t kWidth = 8;
  constexpr int64_t kChannels = 3;

  // A frame as the capture library hands it over: interleaved RGB bytes.
  std::vector<uint8_t> frame(kHeight * kWidth * kChannels);
  for (size_t i = 0; i < frame.size(); ++i)
    frame[i] = static_cast<uint8_t>((i * 37 + 11) % 256);

  // HWC bytes -> CHW view, no copy.
  torch::Tensor hwc = torch::from_blob(frame.data(), {kHeight, kWidth, kChannels},
                                       torch::kUInt8);
  torch::Tensor chw = hwc.permute({2, 0, 1}).contiguous();

  // Exposure statistics for the log: these go through float and are fine.
  double brightness = chw.to(torch::kFloat).mean().item<double>() / 255.0;
  std::cout << "frame brightness " << brightness << "\n";

  // ImageNet statistics, in the 0..255 range of the raw pixels.
  torch::Tensor mean = torch::tensor({123.675, 116.28, 103.53}).view({3, 1, 1});
  torch::Tensor stddev = torch::tensor({58.395, 57.12, 57.375}).view({3, 1, 1});

  torch::Tensor input = chw.unsqueeze(0);
  input.sub_(mean).div_(stddev); // BUG

  torch::nn::Conv2d stem(torch::nn::Conv2dOptions(kChannels, 4, 3).padding(1));
  torch::Tensor features = torch::relu(stem(input));
  std::cout << "features " << features.sizes() << "\n";
  return 0;
}
