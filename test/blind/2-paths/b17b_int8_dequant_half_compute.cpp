// scenario: an int8 weight-only inference runner that drops its compute dtype to float16 when the dequantised model exceeds a memory budget
// tier: 2
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: "addmm_impl_cpu_" not implemented for 'Half'
#include <torch/torch.h>

#include <cstdint>
#include <iostream>
#include <string>
#include <vector>

namespace {

enum class Scheme { PerTensor, PerChannel };

// One layer as it comes out of the checkpoint: int8 weights plus the scales
// needed to dequantise them.
struct PackedLayer {
  std::string name;
  Scheme scheme;
  torch::Tensor weight_q; // int8 [out, in]
  torch::Tensor scale;    // float: [] or [out]
  torch::Tensor bias;     // float [out]
};

PackedLayer packLayer(const std::string &name, int64_t in, int64_t out, Scheme scheme) {
  torch::Tensor w = torch::randn({out, in}) * 0.2;
  torch::Tensor scale = scheme == Scheme::PerChannel ? w.abs().amax(1) / 127.0
                                                     : w.abs().max() / 127.0;
  torch::Tensor denom = scheme == Scheme::PerChannel ? scale.unsqueeze(1) : scale;
  torch::Tensor q = torch::round(w / denom).clamp(-127, 127).to(torch::kInt8);
  return {name, scheme, q, scale, torch::zeros({out})};
}

} // namespace

int main() {
  torch::manual_seed(3);
  std::vector<PackedLayer> layers = {
      packLayer("fc1", 16, 64, Scheme::PerChannel),
      packLayer("fc2", 64, 64, Scheme::PerTensor),
      packLayer("head", 64, 4, Scheme::PerChannel),
  };
  const int64_t memory_budget_bytes = 16 * 1024;

  // Decide the compute dtype from what the dequantised weights would cost.
  int64_t dequant_bytes = 0;
  for (const PackedLayer &layer : layers)
    dequant_bytes += layer.weight_q.numel() * static_cast<int64_t>(sizeof(float));
  torch::ScalarType compute_dtype = torch::kFloat;
  if (dequant_bytes > memory_budget_bytes) {
    std::cout << "dequantised model is " << dequant_bytes / 1024
              << " KiB, over budget: computing in float16\n";
    compute_dtype = torch::kHalf;
  }

  torch::Tensor features = torch::randn({8, 16});
  torch::Tensor h = features.to(compute_dtype);
  for (size_t i = 0; i < layers.size(); ++i) {
    const PackedLayer &layer = layers[i];
    torch::Tensor w;
    switch (layer.scheme) {
    case Scheme::PerTensor:
      w = layer.weight_q.to(compute_dtype) * layer.scale.to(compute_dtype);
      break;
    case Scheme::PerChannel:
      w = layer.weight_q.to(compute_dtype) * layer.scale.to(compute_dtype).unsqueeze(1);
      break;
    }
    torch::Tensor b = layer.bias.to(compute_dtype);
    h = torch::linear(h, w, b); // BUG
    if (i + 1 < layers.size())
      h = torch::gelu(h);
  }

  torch::Tensor probs = torch::softmax(h.to(torch::kFloat), 1);
  std::cout << "predicted classes: " << probs.argmax(1) << "\n";
  return 0;
}
