// scenario: a ViT preprocessing step keeps patch tokens in float16 to halve memory, then layer-normalises them on the CPU
// tier: 1
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: "LayerNormKernelImpl" not implemented for 'Half'
#include <torch/torch.h>
#include <iostream>

namespace F = torch::nn::functional;

int main() {
  torch::manual_seed(1);
  const int64_t batch = 2, channels = 3, imageSize = 32, patch = 8;
  const int64_t numPatches = (imageSize / patch) * (imageSize / patch);
  const int64_t tokenDim = channels * patch * patch;

  // Decoded frames arrive as float16 from the video decoder's shared buffer.
  auto frames = torch::rand({batch, channels, imageSize, imageSize}).to(torch::kHalf);

  // [B, C*p*p, L] -> [B, L, C*p*p]
  auto patches = F::unfold(frames, F::UnfoldFuncOptions({patch, patch}).stride(patch));
  auto tokens = patches.transpose(1, 2).contiguous();
  std::cout << "tokens " << tokens.sizes() << " " << tokens.dtype() << std::endl;

  // Per-image mean removal is cheap in half precision.
  auto centered = tokens - tokens.mean({1}, /*keepdim=*/true);

  auto gamma = torch::ones({tokenDim}, torch::kHalf);
  auto beta = torch::zeros({tokenDim}, torch::kHalf);
  auto normed = F::layer_norm(centered, F::LayerNormFuncOptions({tokenDim}).weight(gamma).bias(beta).eps(1e-6)); // BUG

  auto cls = torch::zeros({batch, 1, tokenDim}, torch::kHalf);
  auto sequence = torch::cat({cls, normed}, 1);
  // Fixed 1-D position code, added in the same precision as the tokens.
  auto positions = torch::arange(numPatches + 1, torch::kFloat).unsqueeze(1);
  auto freqs = torch::arange(tokenDim, torch::kFloat).div(tokenDim).unsqueeze(0);
  auto posCode = torch::sin(positions * freqs).to(torch::kHalf);
  sequence = sequence + posCode;
  std::cout << "sequence " << sequence.sizes() << " (" << numPatches << " patches + cls)"
            << std::endl;
  return 0;
}
