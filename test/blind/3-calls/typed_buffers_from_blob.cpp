// scenario: wraps a decoded uint8 image, int64 class ids and float64 calibration gains with from_blob, each with its buffer's dtype, and runs a small tagger
// tier: 3
// family: from-blob-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <cstdint>
#include <iostream>
#include <vector>

struct DecodedImage {
  std::vector<uint8_t> pixels;
  int64_t height, width, channels;
};

DecodedImage decodeFake(int64_t h, int64_t w) {
  DecodedImage img{std::vector<uint8_t>(h * w * 3), h, w, 3};
  for (size_t i = 0; i < img.pixels.size(); ++i)
    img.pixels[i] = static_cast<uint8_t>((i * 37) % 251);
  return img;
}

torch::Tensor imageToTensor(DecodedImage& img) {
  auto hwc = torch::from_blob(img.pixels.data(), {img.height, img.width, img.channels}, torch::kUInt8);
  return hwc.permute({2, 0, 1}).to(torch::kFloat32).div(255.0).unsqueeze(0);
}

torch::Tensor gainsToTensor(std::vector<double>& gains) {
  auto t = torch::from_blob(gains.data(), {static_cast<int64_t>(gains.size())}, torch::TensorOptions().dtype(torch::kFloat64));
  return t.to(torch::kFloat32).view({1, -1, 1, 1});
}

torch::Tensor idsToTensor(std::vector<int64_t>& ids) {
  return torch::from_blob(ids.data(), {static_cast<int64_t>(ids.size())}, torch::kInt64).clone();
}

int main() {
  torch::manual_seed(13);
  auto img = decodeFake(24, 32);
  std::vector<double> gains = {1.02, 0.97, 1.10};
  std::vector<int64_t> tag_ids = {3, 1, 4};

  auto x = imageToTensor(img) * gainsToTensor(gains);

  torch::nn::Conv2d conv(torch::nn::Conv2dOptions(3, 8, 3).padding(1));
  torch::nn::Embedding tag_table(8, 8);
  auto pooled = torch::adaptive_avg_pool2d(torch::relu(conv(x)), {1, 1}).flatten(1);

  auto tags = tag_table(idsToTensor(tag_ids));
  auto scores = torch::mm(pooled, tags.t());
  auto target = torch::tensor({1}, torch::kLong);
  auto loss = torch::nn::functional::cross_entropy(scores, target);
  loss.backward();

  std::cout << "tag scores: " << scores << "\nloss " << loss.item<double>() << "\n";
  return 0;
}
