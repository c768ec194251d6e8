// scenario: a dense layer restored from a flat checkpoint keeps its optional bias as the double vector the exporter wrote, and the biased path feeds it to addmm with float32 activations
// tier: 2
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: self and mat2 must have the same dtype
#include <torch/torch.h>
#include <iostream>
#include <optional>
#include <vector>

struct DenseLayerWeights {
  torch::Tensor weight;              // [out, in]
  std::optional<torch::Tensor> bias; // absent for bias-free projections
};

struct FlatCheckpoint {
  std::vector<float> weight;
  std::vector<double> bias; // the exporter writes biases as float64
  int64_t out_features;
  int64_t in_features;
};

DenseLayerWeights restore(const FlatCheckpoint& ckpt) {
  DenseLayerWeights layer;
  layer.weight = torch::tensor(ckpt.weight).view({ckpt.out_features, ckpt.in_features});
  if (!ckpt.bias.empty()) {
    auto* data = const_cast<double*>(ckpt.bias.data());
    layer.bias = torch::from_blob(data, {static_cast<int64_t>(ckpt.bias.size())}, torch::kFloat64).clone();
  }
  return layer;
}

torch::Tensor apply_dense(const DenseLayerWeights& layer, const torch::Tensor& x) {
  if (!layer.bias.has_value()) {
    return torch::mm(x, layer.weight.t());
  }
  return torch::addmm(*layer.bias, x, layer.weight.t()); // BUG
}

int main() {
  FlatCheckpoint proj{std::vector<float>(4 * 3, 0.25f), {}, 4, 3};
  FlatCheckpoint head{std::vector<float>(2 * 4, 0.5f), {0.1, -0.1}, 2, 4};

  DenseLayerWeights proj_layer = restore(proj);
  DenseLayerWeights head_layer = restore(head);

  torch::Tensor x = torch::ones({5, 3});
  torch::Tensor h = torch::relu(apply_dense(proj_layer, x));
  torch::Tensor logits = apply_dense(head_layer, h);
  std::cout << "logits " << logits.sizes() << "\n";
  return 0;
}
