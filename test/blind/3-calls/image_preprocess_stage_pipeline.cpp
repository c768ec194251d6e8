// scenario: a thumbnail classifier runs decoded uint8 frames through a list of stored std::function stages; the decode stage wraps the bytes as kUInt8 and a later stage scales to float before the conv
// tier: 3
// family: from-blob-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>

#include <cstdint>
#include <functional>
#include <iostream>
#include <string>
#include <vector>

struct Frame {
  int64_t height = 0, width = 0;
  std::vector<uint8_t> rgb;  // interleaved HWC bytes from the decoder
};

class Preprocessor {
public:
  using Stage = std::function<torch::Tensor(const torch::Tensor &)>;

  void add_stage(std::string name, Stage fn) {
    names_.push_back(std::move(name));
    stages_.push_back(std::move(fn));
  }

  torch::Tensor run(Frame &frame) const {
    auto pixels = torch::from_blob(frame.rgb.data(), {frame.height, frame.width, 3},
                                   torch::kUInt8);
    for (const auto &stage : stages_)
      pixels = stage(pixels);
    return pixels;
  }

private:
  std::vector<std::string> names_;
  std::vector<Stage> stages_;
};

static Frame fake_decode(int64_t h, int64_t w, int seed) {
  Frame f{h, w, std::vector<uint8_t>(static_cast<size_t>(h * w * 3))};
  for (size_t i = 0; i < f.rgb.size(); ++i)
    f.rgb[i] = static_cast<uint8_t>((i * 13 + seed) % 256);
  return f;
}

int main() {
  torch::NoGradGuard no_grad;
  const auto mean = torch::tensor({0.485f, 0.456f, 0.406f}).view({3, 1, 1});
  const auto stddev = torch::tensor({0.229f, 0.224f, 0.225f}).view({3, 1, 1});

  Preprocessor pre;
  pre.add_stage("to_chw", [](const torch::Tensor &hwc) { return hwc.permute({2, 0, 1}).contiguous(); });
  pre.add_stage("to_unit", [](const torch::Tensor &chw) { return chw.to(torch::kFloat32).div_(255.0); });
  pre.add_stage("normalize", [&](const torch::Tensor &chw) { return (chw - mean) / stddev; });
  pre.add_stage("batch", [](const torch::Tensor &chw) { return chw.unsqueeze(0); });

  torch::nn::Sequential classifier(
      torch::nn::Conv2d(torch::nn::Conv2dOptions(3, 8, 3).stride(2)), torch::nn::ReLU(),
      torch::nn::AdaptiveAvgPool2d(torch::nn::AdaptiveAvgPool2dOptions(1)),
      torch::nn::Flatten(), torch::nn::Linear(8, 4));

  for (int i = 0; i < 3; ++i) {
    Frame frame = fake_decode(48, 64, i);
    auto input = pre.run(frame);
    auto probs = torch::softmax(classifier->forward(input), /*dim=*/1);
    std::cout << "frame " << i << " label " << probs.argmax(1).item<int64_t>() << "\n";
  }
  return 0;
}
