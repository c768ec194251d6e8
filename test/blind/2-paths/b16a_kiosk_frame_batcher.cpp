// scenario: a self-checkout kiosk batches frames from three sources (network payloads as std::string bytes, camera ring-buffer uint8 frames, float frames already normalised by the ISP) with from_blob dtypes matching each buffer, converts them all to float before the model, and turns argmax bins into weights with float math
// tier: 2
// family: from-blob-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <cstdint>
#include <iostream>
#include <string>
#include <vector>

enum class FrameSource { NetworkBytes, CameraRing, IspFloat };

struct Frame {
  FrameSource source;
  std::string payload;             // NetworkBytes: HWC uint8 as received
  const uint8_t *ring = nullptr;   // CameraRing: HWC uint8 slot in the ring buffer
  std::vector<float> normalised;   // IspFloat: CHW, already in [0, 1]
};

constexpr int64_t kH = 24, kW = 24;

int main() {
  torch::manual_seed(4);
  std::vector<uint8_t> ringBuffer(2 * kH * kW * 3);
  for (size_t i = 0; i < ringBuffer.size(); ++i)
    ringBuffer[i] = static_cast<uint8_t>((i * 13) % 256);

  std::vector<Frame> frames(3);
  frames[0].source = FrameSource::NetworkBytes;
  frames[0].payload.assign(kH * kW * 3, '\x80');
  frames[1].source = FrameSource::CameraRing;
  frames[1].ring = ringBuffer.data() + kH * kW * 3;
  frames[2].source = FrameSource::IspFloat;
  frames[2].normalised.assign(3 * kH * kW, 0.25f);

  std::vector<torch::Tensor> batch;
  for (auto &frame : frames) {
    torch::Tensor chw;
    if (frame.source == FrameSource::NetworkBytes) {
      auto hwc = torch::from_blob(frame.payload.data(), {kH, kW, 3}, torch::kUInt8);
      chw = hwc.permute({2, 0, 1}).to(torch::kFloat).div(255.0);
    } else if (frame.source == FrameSource::CameraRing) {
      auto hwc = torch::from_blob(const_cast<uint8_t *>(frame.ring), {kH, kW, 3},
                                  torch::TensorOptions().dtype(torch::kUInt8));
      chw = hwc.permute({2, 0, 1}).to(torch::kFloat) / 255;
    } else {
      chw = torch::from_blob(frame.normalised.data(), {3, kH, kW}, torch::kFloat);
    }
    batch.push_back(chw);
  }
  auto images = torch::stack(batch);

  using namespace torch::nn;
  Sequential weightEstimator(Conv2d(Conv2dOptions(3, 8, 3).padding(1)), ReLU(),
                             AdaptiveAvgPool2d(AdaptiveAvgPool2dOptions({1, 1})), Flatten(),
                             Linear(8, 20));
  weightEstimator->eval();
  torch::NoGradGuard noGrad;
  auto logits = weightEstimator->forward(images);

  // Each logit is a 50 g bin; the estimate is the bin centre.
  auto bins = logits.argmax(-1);
  auto grams = bins * 50.0 + 25.0;
  auto confident = logits.softmax(-1).amax(-1) > 0.06;
  auto flagged = confident.logical_not().sum().item<int64_t>();
  std::cout << "grams " << grams << " flagged " << flagged << "\n";
  return grams.scalar_type() == torch::kFloat ? 0 : 1;
}
