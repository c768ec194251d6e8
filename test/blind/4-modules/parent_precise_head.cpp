// scenario: a depth estimator whose regression head can be switched to float64 by the parent while the conv encoder stays float32
// tier: 4
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

struct DepthEstimatorImpl : torch::nn::Module {
  DepthEstimatorImpl(int64_t channels, int64_t patch)
      : encoder(register_module("encoder", torch::nn::Sequential(
                    torch::nn::Conv2d(torch::nn::Conv2dOptions(channels, 8, 3).padding(1)),
                    torch::nn::ReLU(),
                    torch::nn::AdaptiveAvgPool2d(torch::nn::AdaptiveAvgPool2dOptions({4, 4}))))),
        head(register_module("head", torch::nn::Linear(8 * 4 * 4, patch * patch))),
        patch_(patch) {}

  // Depth values span several orders of magnitude near the horizon; the head
  // regresses log-depth and benefits from float64 accumulation.
  void enable_precise_head() {
    head->to(torch::kDouble);
    precise_head_ = true;
  }

  torch::Tensor features(const torch::Tensor &images) {
    return encoder->forward(images).flatten(1);
  }

  torch::Tensor forward(const torch::Tensor &images) {
    auto feats = features(images);
    torch::Tensor log_depth;
    if (precise_head_)
      log_depth = head->forward(feats.to(torch::kDouble)).to(torch::kFloat);
    else
      log_depth = head->forward(feats);
    return log_depth.exp().view({-1, 1, patch_, patch_});
  }

  torch::nn::Sequential encoder;
  torch::nn::Linear head;
  int64_t patch_;
  bool precise_head_ = false;
};
TORCH_MODULE(DepthEstimator);

int main() {
  torch::manual_seed(12);
  DepthEstimator model(3, 6);
  model->eval();

  torch::NoGradGuard no_grad;
  auto images = torch::rand({2, 3, 32, 32});
  auto baseline = model->forward(images);

  model->enable_precise_head();
  auto precise = model->forward(images);
  auto feats = model->features(images);
  auto direct = model->head->forward(feats.to(torch::kDouble));

  auto rel = ((precise - baseline).abs() / baseline.abs()).max().item<float>();
  std::cout << "depth map " << precise.sizes() << " " << precise.dtype()
            << ", float32 vs float64 head rel. diff " << rel << "\n";

  if (precise.scalar_type() != torch::kFloat || direct.scalar_type() != torch::kDouble)
    return 1;
  if (model->encoder->parameters().front().scalar_type() != torch::kFloat)
    return 1;
  return rel < 1e-4f ? 0 : 1;
}
