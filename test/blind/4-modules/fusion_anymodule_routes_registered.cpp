// scenario: sensor-fusion network stores its per-modality encoders as AnyModule but registers each one under its modality name, so to(kDouble) reaches them
// tier: 4
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <string>
#include <unordered_map>
#include <vector>

struct CameraEncoderImpl : torch::nn::Module {
  CameraEncoderImpl(int64_t in_dim, int64_t out_dim) {
    proj_ = register_module("proj", torch::nn::Linear(in_dim, out_dim));
    norm_ = register_module("norm", torch::nn::LayerNorm(torch::nn::LayerNormOptions({out_dim})));
  }
  torch::Tensor forward(torch::Tensor x) { return norm_(proj_(x)); }
  torch::nn::Linear proj_{nullptr};
  torch::nn::LayerNorm norm_{nullptr};
};
TORCH_MODULE(CameraEncoder);

class FusionNetImpl : public torch::nn::Module {
 public:
  explicit FusionNetImpl(int64_t fused_dim) : fused_dim_(fused_dim) {
    head_ = register_module("head", torch::nn::Linear(fused_dim, 2));
  }

  template <typename ModuleType>
  void add_modality(const std::string& name, ModuleType encoder) {
    register_module(name, encoder);
    encoders_.emplace(name, torch::nn::AnyModule(encoder));
    order_.push_back(name);
  }

  torch::Tensor forward(const std::unordered_map<std::string, torch::Tensor>& inputs) {
    torch::Tensor fused;
    for (const auto& name : order_) {
      auto z = encoders_.at(name).forward(inputs.at(name));
      fused = fused.defined() ? fused + z : z;
    }
    return head_(torch::tanh(fused));
  }

 private:
  int64_t fused_dim_;
  torch::nn::Linear head_{nullptr};
  std::unordered_map<std::string, torch::nn::AnyModule> encoders_;
  std::vector<std::string> order_;
};
TORCH_MODULE(FusionNet);

int main() {
  torch::manual_seed(6);
  FusionNet net(/*fused_dim=*/12);
  net->add_modality("radar", torch::nn::Linear(5, 12));
  net->add_modality("camera", CameraEncoder(20, 12));
  net->eval();
  net->to(torch::kDouble);

  torch::NoGradGuard no_grad;
  std::unordered_map<std::string, torch::Tensor> frame{
      {"radar", torch::randn({3, 5}, torch::kDouble)},
      {"camera", torch::randn({3, 20}, torch::kDouble)}};
  auto logits = net->forward(frame);
  std::cout << "fused logits " << logits << "\n";
  return logits.scalar_type() == torch::kDouble ? 0 : 1;
}
