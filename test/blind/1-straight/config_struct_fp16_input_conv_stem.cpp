// scenario: an image classifier reads its input dtype from a plain config struct that still says float16 from the exported GPU pipeline, and feeds the cast batch to a float32 Conv2d stem
// tier: 1
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Input type (c10::Half) and bias type (float) should be the same
#include <torch/torch.h>
#include <iostream>
#include <string>
#include <vector>

struct InferenceConfig {
  torch::Dtype input_dtype = torch::kHalf; // matches the TensorRT export
  int64_t image_size = 16;
  double pixel_mean = 0.45;
  double pixel_std = 0.22;
  std::vector<std::string> labels = {"cat", "dog", "bird", "car", "tree"};
};

int main() {
  torch::manual_seed(67);
  const InferenceConfig cfg;

  torch::nn::Conv2d stem(torch::nn::Conv2dOptions(3, 8, 3).stride(2).padding(1));
  torch::nn::BatchNorm2d stem_bn(8);
  torch::nn::Linear classifier(8, static_cast<int64_t>(cfg.labels.size()));
  stem->eval();
  stem_bn->eval();
  classifier->eval();

  torch::NoGradGuard no_grad;
  // Two decoded frames, HWC uint8 as the camera delivers them.
  torch::Tensor hwc = torch::randint(0, 256, {2, cfg.image_size, cfg.image_size, 3}, torch::kByte);
  torch::Tensor raw = hwc.permute({0, 3, 1, 2}).contiguous();
  torch::Tensor pixels = raw.to(cfg.input_dtype).div(255.0);
  pixels = (pixels - cfg.pixel_mean) / cfg.pixel_std;
  torch::Tensor features = stem->forward(pixels); // BUG
  features = torch::relu(stem_bn->forward(features));
  torch::Tensor pooled = features.mean({2, 3});
  torch::Tensor logits = classifier->forward(pooled);
  torch::Tensor pred = logits.argmax(1);
  for (int64_t i = 0; i < pred.size(0); ++i) {
    std::cout << "frame " << i << ": " << cfg.labels[pred[i].item<int64_t>()] << "\n";
  }
  return 0;
}
