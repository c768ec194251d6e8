// scenario: a photo-tagging service builds each model's preprocessing chain from per-model flags; the thumbnail model was exported with normalisation folded into its stem, so its chain skips Normalize, the only step that turns the decoded uint8 pixels into float, and the Byte crop reaches the conv
// tier: 2
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Input type (unsigned char) and bias type (float) should be the same
#include <torch/torch.h>
#include <cstdint>
#include <functional>
#include <iostream>
#include <map>
#include <string>
#include <vector>

struct DecodedImage {
  std::vector<uint8_t> pixels; // HWC, RGB
  int64_t height;
  int64_t width;
};

// Stand-in for the JPEG decoder: a deterministic gradient.
DecodedImage decodeJpeg(int64_t height, int64_t width) {
  DecodedImage img{std::vector<uint8_t>(height * width * 3), height, width};
  for (size_t i = 0; i < img.pixels.size(); ++i)
    img.pixels[i] = static_cast<uint8_t>(i % 251);
  return img;
}

struct HwcToChw {
  torch::Tensor operator()(const torch::Tensor &hwc) const {
    return hwc.permute({2, 0, 1}).contiguous();
  }
};

struct CenterCrop {
  int64_t size;
  torch::Tensor operator()(const torch::Tensor &chw) const {
    int64_t top = (chw.size(1) - size) / 2, left = (chw.size(2) - size) / 2;
    return chw.narrow(1, top, size).narrow(2, left, size);
  }
};

struct Normalize {
  std::vector<double> mean, stddev;
  torch::Tensor operator()(const torch::Tensor &chw) const {
    auto m = torch::tensor(mean, torch::kFloat).view({3, 1, 1});
    auto s = torch::tensor(stddev, torch::kFloat).view({3, 1, 1});
    return (chw.to(torch::kFloat).div(255.0) - m) / s;
  }
};

struct ModelSpec {
  std::string name;
  int64_t crop;
  bool normalize; // false: the exported graph normalises by itself
};

using Step = std::function<torch::Tensor(const torch::Tensor &)>;

std::vector<Step> buildPipeline(const ModelSpec &spec) {
  std::vector<Step> steps;
  steps.push_back(HwcToChw{});
  steps.push_back(CenterCrop{spec.crop});
  if (spec.normalize)
    steps.push_back(Normalize{{0.485, 0.456, 0.406}, {0.229, 0.224, 0.225}});
  return steps;
}

torch::nn::Sequential makeTagger(int64_t numTags) {
  using namespace torch::nn;
  return Sequential(Conv2d(Conv2dOptions(3, 8, 3).stride(2).padding(1)), ReLU(),
                    AdaptiveAvgPool2d(AdaptiveAvgPool2dOptions({1, 1})), Flatten(),
                    Linear(8, numTags));
}

int main() {
  torch::manual_seed(7);
  torch::NoGradGuard noGrad;
  std::vector<ModelSpec> specs = {{"tagger-full", 32, true}, {"tagger-thumb", 16, false}};
  std::map<std::string, torch::nn::Sequential> models;
  for (const auto &spec : specs) {
    auto model = makeTagger(5);
    model->eval();
    models.emplace(spec.name, model);
  }

  DecodedImage img = decodeJpeg(40, 48);
  auto decoded = torch::from_blob(img.pixels.data(), {img.height, img.width, 3}, torch::kUInt8);

  for (const auto &spec : specs) {
    torch::Tensor x = decoded;
    for (const auto &step : buildPipeline(spec))
      x = step(x);
    x = x.unsqueeze(0);
    auto logits = models.at(spec.name)->forward(x); // BUG
    auto tag = logits.softmax(-1).argmax(-1).item<int64_t>();
    std::cout << spec.name << " -> tag " << tag << "\n";
  }
  return 0;
}
