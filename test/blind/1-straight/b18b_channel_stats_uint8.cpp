// scenario: computes per-channel normalisation statistics of a raw uint8 image set before training
// tier: 1
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: mean(): could not infer output dtype. Input dtype must be either a floating point or complex dtype. Got: Byte
#include <torch/torch.h>

#include <cstdint>
#include <iostream>
#include <random>
#include <vector>

namespace {

constexpr int64_t kHeight = 32;
constexpr int64_t kWidth = 32;
constexpr int64_t kChannels = 3;

// Stand-in for a decoded PNG: interleaved HWC bytes, as image decoders hand them out.
struct DecodedImage {
  std::vector<uint8_t> pixels;
  int64_t height = kHeight;
  int64_t width = kWidth;
};

std::vector<DecodedImage> decodeImageFolder(int count, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> dist(0, 255);
  std::vector<DecodedImage> images(count);
  for (auto &img : images) {
    img.pixels.resize(static_cast<size_t>(kHeight * kWidth * kChannels));
    for (auto &p : img.pixels)
      p = static_cast<uint8_t>(dist(rng));
  }
  return images;
}

struct ChannelStats {
  torch::Tensor mean;
  torch::Tensor std;
  torch::Tensor histogram;
};

} // namespace

int main() {
  torch::manual_seed(0);
  std::vector<DecodedImage> images = decodeImageFolder(/*count=*/16, /*seed=*/7);

  // Wrap every decoded buffer without copying, then stack them into one batch.
  std::vector<torch::Tensor> views;
  views.reserve(images.size());
  for (auto &img : images)
    views.push_back(torch::from_blob(img.pixels.data(),
                                     {img.height, img.width, kChannels},
                                     torch::kByte));
  torch::Tensor batch = torch::stack(views);          // N, H, W, C
  torch::Tensor nchw = batch.permute({0, 3, 1, 2});   // N, C, H, W
  nchw = nchw.contiguous();

  // 256-bin histogram of the raw intensities, used to spot clipped exposures.
  torch::Tensor histogram = torch::bincount(nchw.flatten(), /*weights=*/{}, /*minlength=*/256);
  int64_t saturated = histogram[255].item<int64_t>() + histogram[0].item<int64_t>();
  std::cout << "saturated pixels: " << saturated << "\n";

  ChannelStats stats;
  stats.histogram = histogram;
  stats.mean = nchw.mean({0, 2, 3}).div(255.0); // BUG
  stats.std = nchw.to(torch::kFloat).div(255.0).std({0, 2, 3});

  // Normalise one sample the way the training transform will.
  torch::Tensor sample = nchw[0].to(torch::kFloat).div(255.0);
  torch::Tensor normalised =
      (sample - stats.mean.view({kChannels, 1, 1})) / stats.std.view({kChannels, 1, 1});

  std::cout << "mean " << stats.mean << "\nstd " << stats.std << "\n";
  std::cout << "normalised sample mean: " << normalised.mean().item<float>() << "\n";
  return 0;
}
