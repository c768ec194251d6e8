// scenario: a Conv1d model is shrunk to float16 after loading while the feature extractor keeps producing float32
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Input type (CPUFloatType) and weight type (CPUHalfType) should be the same
#include <torch/torch.h>
#include <iostream>

struct SpotterImpl : torch::nn::Module {
  SpotterImpl() {
    conv = register_module("conv", torch::nn::Conv1d(torch::nn::Conv1dOptions(40, 16, 3)));
    pool = register_module("pool", torch::nn::AdaptiveMaxPool1d(1));
  }
  torch::Tensor forward(const torch::Tensor &mel) {
    return pool(conv(mel)).squeeze(-1); // BUG
  }
  torch::nn::Conv1d conv{nullptr};
  torch::nn::AdaptiveMaxPool1d pool{nullptr};
};
TORCH_MODULE(Spotter);

torch::Tensor log_mel(const torch::Tensor &power) { return torch::log(power + 1e-6); }

int main() {
  torch::manual_seed(0);
  Spotter model;
  model->to(torch::kHalf);  // storage format of the deployed checkpoint
  auto feats = log_mel(torch::rand({2, 40, 30}));
  auto emb = model->forward(feats);
  std::cout << emb.sizes() << "\n";
  return 0;
}
