// scenario: an image-serving handler normalizes a decoded uint8 RGB frame in place with float channel statistics
// tier: 1
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: result type Float can't be cast to the desired output type Byte
#include <torch/torch.h>
#include <cstdint>
#include <iostream>
#include <optional>
#include <tuple>
#include <vector>

struct CropBox {
  int64_t top, left, height, width;
};

int main() {
  // What the JPEG decoder hands back: interleaved HWC bytes.
  const int64_t kHeight = 48, kWidth = 64;
  std::vector<uint8_t> decoded(kHeight * kWidth * 3);
  for (size_t i = 0; i < decoded.size(); ++i)
    decoded[i] = static_cast<uint8_t>((i * 37) % 251);

  auto [height, width] = std::make_tuple(kHeight, kWidth);
  std::optional<CropBox> crop = CropBox{4, 8, 32, 32};

  torch::Tensor frame =
      torch::from_blob(decoded.data(), {height, width, 3}, torch::kUInt8)
          .clone();
  if (crop) {
    frame = frame.slice(0, crop->top, crop->top + crop->height)
                .slice(1, crop->left, crop->left + crop->width);
  }
  torch::Tensor chw = frame.permute({2, 0, 1}).contiguous();

  // ImageNet statistics on the 0..255 scale, one value per channel.
  torch::Tensor mean = torch::tensor({123.675, 116.28, 103.53}).view({3, 1, 1});
  torch::Tensor stdev = torch::tensor({58.395, 57.12, 57.375}).view({3, 1, 1});

  // Saves one allocation per request by normalizing the decoded buffer itself.
  chw.sub_(mean).div_(stdev); // BUG
  torch::Tensor batch = chw.unsqueeze(0);

  auto channel_mean = batch.mean({0, 2, 3});
  std::cout << "normalized batch " << batch.sizes() << " channel means "
            << channel_mean << "\n";
  return 0;
}
