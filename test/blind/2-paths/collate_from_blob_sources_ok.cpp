// scenario: collates a multimodal batch from raw buffers: uint8 thumbnails, float audio features, int64 lengths and float64 metadata
// tier: 2
// family: from-blob-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <cstdint>
#include <iostream>
#include <vector>

struct RawSample {
  std::vector<uint8_t> thumb; // 8x8, grayscale or RGB
  int channels;
  std::vector<float> audio_feats; // 10 x 4
  std::vector<int64_t> lengths;   // token length, audio length
  std::vector<double> meta;       // duration (s), sample rate (kHz)
};

int main() {
  std::vector<RawSample> samples;
  for (int i = 0; i < 3; ++i) {
    int c = (i == 1) ? 1 : 3;
    samples.push_back({std::vector<uint8_t>(64 * c, static_cast<uint8_t>(40 * i + 10)), c,
                       std::vector<float>(40, 0.25f * i), {12 + i, 10}, {1.5 + i, 16.0}});
  }

  std::vector<torch::Tensor> images, audio, extras;
  for (auto &s : samples) {
    auto img = torch::from_blob(s.thumb.data(), {s.channels, 8, 8}, torch::kUInt8);
    if (s.channels == 1)
      img = img.expand({3, 8, 8});
    images.push_back(img.to(torch::kFloat32).div_(255.0));

    auto feats = torch::from_blob(s.audio_feats.data(), {10, 4});
    audio.push_back(feats.clone());

    auto lens = torch::from_blob(s.lengths.data(), {2}, torch::kInt64);
    auto meta = torch::from_blob(s.meta.data(), {2}, torch::kFloat64);
    // float64 metadata and int64 lengths promote to float64 in cat
    extras.push_back(torch::cat({meta, lens}).clone());
  }

  auto image_batch = torch::stack(images);
  auto audio_batch = torch::stack(audio);
  auto extra_batch = torch::stack(extras).to(torch::kFloat32);
  auto pooled = torch::cat({image_batch.mean({2, 3}), audio_batch.mean(1), extra_batch}, 1);
  std::cout << "pooled " << pooled.sizes() << " " << pooled.dtype() << "\n";
  return 0;
}
