// scenario: restores int8 checkpoint weights to float, per tensor or per output channel, before loading them into a layer
// tier: 2
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: result type Float can't be cast to the desired output type Char
#include <torch/torch.h>
#include <iostream>
#include <map>
#include <string>

enum class QuantMode { kNone, kPerTensor, kPerChannel };

struct QuantizedBlob {
  torch::Tensor values;     // int8
  torch::Tensor scale;      // float32
  torch::Tensor zero_point; // int8
  QuantMode mode;
};

static QuantizedBlob quantize_per_channel(const torch::Tensor &w) {
  auto amax = w.abs().amax({1}, /*keepdim=*/true).clamp_min(1e-8);
  auto scale = amax / 127.0;
  auto q = torch::round(w / scale).clamp(-127, 127).to(torch::kInt8);
  return {q, scale, torch::zeros_like(scale, torch::kInt8), QuantMode::kPerChannel};
}

static QuantizedBlob quantize_per_tensor(const torch::Tensor &w) {
  auto scale = (w.abs().max() / 127.0).reshape({1});
  auto q = torch::round(w / scale).clamp(-127, 127).to(torch::kInt8);
  return {q, scale, torch::zeros({1}, torch::kInt8), QuantMode::kPerTensor};
}

int main() {
  torch::manual_seed(1);
  std::map<std::string, QuantizedBlob> checkpoint;
  checkpoint.emplace("encoder.fc1.weight", quantize_per_tensor(torch::randn({16, 8})));
  checkpoint.emplace("encoder.fc2.weight", quantize_per_channel(torch::randn({4, 16})));

  std::map<std::string, torch::Tensor> restored_weights;
  for (auto &entry : checkpoint) {
    QuantizedBlob &blob = entry.second;
    torch::Tensor restored = blob.values;
    switch (blob.mode) {
    case QuantMode::kNone:
      restored = restored.to(torch::kFloat);
      break;
    case QuantMode::kPerTensor:
      restored = (restored.to(torch::kFloat) - blob.zero_point) * blob.scale;
      break;
    case QuantMode::kPerChannel:
      restored.sub_(blob.zero_point);
      restored.mul_(blob.scale); // BUG
      break;
    }
    restored_weights[entry.first] = restored;
  }

  for (const auto &kv : restored_weights)
    std::cout << kv.first << " " << kv.second.sizes() << " " << kv.second.dtype() << "\n";
  return 0;
}
