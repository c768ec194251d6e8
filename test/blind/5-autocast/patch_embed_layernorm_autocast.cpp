// scenario: an MLP-Mixer style patch embedding (strided conv then LayerNorm) runs its inference pass under CPU bfloat16 autocast
// tier: 5
// family: autocast-unsafe-op
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type BFloat16 but found Float
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>
#include <vector>

namespace {

struct PatchEmbedImpl : torch::nn::Module {
  PatchEmbedImpl(int64_t inChannels, int64_t embedDim, int64_t patch)
      : proj(register_module("proj", torch::nn::Conv2d(torch::nn::Conv2dOptions(
                                                             inChannels, embedDim, patch)
                                                             .stride(patch)))),
        norm(register_module("norm", torch::nn::LayerNorm(
                                         torch::nn::LayerNormOptions({embedDim}).eps(1e-6)))) {}

  torch::Tensor forward(const torch::Tensor &images) {
    auto tokens = proj->forward(images).flatten(2).transpose(1, 2); // [B, L, D]
    return norm->forward(tokens); // BUG
  }

  torch::nn::Conv2d proj{nullptr};
  torch::nn::LayerNorm norm{nullptr};
};
TORCH_MODULE(PatchEmbed);

struct MixerStemImpl : torch::nn::Module {
  MixerStemImpl(int64_t embedDim, int64_t numClasses)
      : embed(register_module("embed", PatchEmbed(3, embedDim, 8))),
        head(register_module("head", torch::nn::Linear(embedDim, numClasses))) {}

  torch::Tensor forward(const torch::Tensor &images) {
    return head->forward(embed->forward(images).mean(1));
  }

  PatchEmbed embed{nullptr};
  torch::nn::Linear head{nullptr};
};
TORCH_MODULE(MixerStem);

torch::Tensor classifyBatch(MixerStem &model, const torch::Tensor &images, bool useBf16) {
  torch::NoGradGuard noGrad;
  if (!useBf16)
    return model->forward(images);
  at::autocast::set_autocast_cpu_dtype(at::kBFloat16);
  at::autocast::set_cpu_enabled(true);
  auto logits = model->forward(images);
  at::autocast::set_cpu_enabled(false);
  at::autocast::clear_cache();
  return logits.to(torch::kFloat);
}

} // namespace

int main() {
  torch::manual_seed(19);
  MixerStem model(64, 10);
  model->eval();

  auto images = torch::rand({4, 3, 32, 32});
  for (bool bf16 : std::vector<bool>{false, true}) {
    auto logits = classifyBatch(model, images, bf16);
    std::cout << (bf16 ? "bf16" : "fp32") << " top1 " << logits.argmax(1) << std::endl;
  }
  return 0;
}
